import { expect, test, type Page } from "./fixtures";
import { signInAsAdmin } from "./helpers";

// Runs after every other spec file ("after-the-rest" in playwright.config.ts): it adds thirteen tools,
// which would otherwise push another test's own tool out of the home page's newest eight, or be taken
// from under a test that picked one of them.

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
