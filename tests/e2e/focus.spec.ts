import { expect, test, type Page } from "./fixtures";
import { browseFromOwnAddress, registerThroughPage, signInAsAdmin, uniqueEmail } from "./helpers";

// Where the keyboard is after a form is refused: a keyboard or screen-reader user goes on from the
// form, not from the top of the page.

test("a refused sign-in keeps the focus on the form's button, and pressing it again works", async ({ page }) => {
  const email = await registerThroughPage(page, "Fay Focus", uniqueEmail("focus"));
  await page.context().clearCookies();
  await browseFromOwnAddress(page);
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not-the-password");
  const login = page.getByRole("button", { name: "Login", exact: true });
  await login.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Wrong email or password.")).toBeVisible();
  await expect(login).toBeFocused();

  await page.getByLabel("Password").fill("a-long-password");
  await login.click();
  await expect(page.getByText("Signed in successfully")).toBeVisible();
});

test("setting up two-factor without the password asks for it at the field", async ({ page }) => {
  await registerThroughPage(page, "Pat Password", uniqueEmail("focus-2fa"));
  await page.goto("/account/security");
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(page.getByText("Enter your password to confirm it is you")).toBeVisible();
  await expect(page.getByLabel("Your password")).toBeFocused();
  // The message belongs to the field: marked invalid and read with it.
  await expect(page.getByLabel("Your password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Your password")).toHaveAccessibleDescription(/Enter your password to confirm it is you/);
});

test("the catalog keeps the keyboard where it was: a search sent with Enter, a sort chosen with the arrows, a page link", async ({ page, browser, baseURL }) => {
  // Thirteen tools of their own, one more than a catalog page holds, so a search for them has two pages.
  const tag = `Pagefocus${Date.now().toString(36)}`;
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await signInAsAdmin(adminPage, baseURL);
  const ids: string[] = [];
  for (let n = 1; n <= 13; n += 1) {
    const response = await adminPage.request.post("/api/products", {
      data: { name: `${tag} Rasp ${n}`, description: "A rasp for the focus test.", imageUrl: "/images/products/claw-hammer.svg", priceCents: 700, stock: 5, minOrderQuantity: 1 },
      headers: { origin: baseURL ?? "" },
    });
    expect(response.status()).toBe(201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  try {
    await expectCatalogKeepsFocus(page, tag);
  } finally {
    for (const id of ids) await adminPage.request.delete(`/api/products/${id}`, { headers: { origin: baseURL ?? "" } });
    await admin.close();
  }
});

async function expectCatalogKeepsFocus(page: Page, tag: string): Promise<void> {
  await page.goto("/servicedata");
  const search = page.getByLabel("Search tools");
  await search.fill("wrench");
  await search.press("Enter");
  await expect(page).toHaveURL(/\?q=wrench/);
  await expect(page.getByText(/^\d+ tools? for “wrench”$/)).toBeVisible();
  await expect(search).toBeFocused();
  await expect(search).toHaveValue("wrench");

  const sort = page.getByLabel("Sort by");
  await sort.focus();
  await sort.press("ArrowDown");
  await expect(page).toHaveURL(/sort=/);
  await expect(sort).toBeFocused();

  // A page link: the link pressed may be gone (Previous on page 2), so the results' heading takes focus and says which page.
  await page.goto(`/servicedata?q=${tag}`);
  const pages = page.getByRole("navigation", { name: "Pagination" });
  await pages.getByRole("link", { name: /Next/ }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("heading", { name: /^Results, page 2 of \d+$/ })).toBeFocused();
  await pages.getByRole("link", { name: /Previous/ }).click();
  await expect(page.getByRole("heading", { name: /^Results, page 1 of \d+$/ })).toBeFocused();
}
