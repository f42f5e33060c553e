import { expect, test, type Page } from "./fixtures";
import { browseFromOwnAddress, signInAsAdmin } from "./helpers";

/** A cursor that decodes, but whose key is no timestamp: the list services refuse it as they refuse "abc". */
const TAMPERED = Buffer.from(JSON.stringify(["garbage", "x", "a"])).toString("base64url");

/** The shop around a page: its header and the dashboard's menu. */
async function expectShopAround(page: Page): Promise<void> {
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
}

test("a damaged page link on a dashboard list shows the shop, the message and the list's first page, never a 500", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await browseFromOwnAddress(page);
  await signInAsAdmin(page, baseURL);

  for (const [link, title, firstPage] of [
    ["/dashboard/myorders?page=2&cursor=abc", "My Orders", "/dashboard/myorders"],
    ["/dashboard/manageOrder?status=paid&shipping=pending&q=nobody%40example.com&page=2&cursor=abc", "Manage Order", "/dashboard/manageOrder?status=paid&shipping=pending&q=nobody%40example.com"],
    ["/dashboard/makeAdmin?q=ada&page=2&cursor=abc", "Make Admin", "/dashboard/makeAdmin?q=ada"],
    ["/dashboard/reviews?page=2&cursor=abc", "Reviews", "/dashboard/reviews"],
    [`/dashboard/audit?page=3&cursor=${TAMPERED}`, "Audit log", "/dashboard/audit"],
  ] as const) {
    const response = await page.goto(link);
    expect(response?.status(), link).toBeLessThan(500);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expectShopAround(page);
    await expect(page.getByText("This page link is not valid.")).toBeVisible();
    await page.getByRole("link", { name: "Go to the first page" }).click();
    await expect(page).toHaveURL(`${baseURL}${firstPage}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("This page link is not valid.")).toHaveCount(0);
  }

  // Two lists on one page: the damaged one says so, the other is shown as usual.
  const messages = page.getByRole("region", { name: /Contact messages/ });
  const subscribers = page.getByRole("region", { name: "Newsletter subscribers" });
  let response = await page.goto("/dashboard/messages?page=2&cursor=abc");
  expect(response?.status()).toBeLessThan(500);
  await expectShopAround(page);
  await expect(messages.getByText("This page link is not valid.")).toBeVisible();
  await expect(subscribers.getByText("This page link is not valid.")).toHaveCount(0);
  await expect(subscribers.getByText(/subscribers?$/).first()).toBeVisible();
  await messages.getByRole("link", { name: "Go to the first page" }).click();
  await expect(page).toHaveURL(`${baseURL}/dashboard/messages`);
  await expect(page.getByText("This page link is not valid.")).toHaveCount(0);

  response = await page.goto(`/dashboard/messages?spage=2&scursor=${TAMPERED}`);
  expect(response?.status()).toBeLessThan(500);
  await expect(subscribers.getByText("This page link is not valid.")).toBeVisible();
  await expect(messages.getByText("This page link is not valid.")).toHaveCount(0);
  await subscribers.getByRole("link", { name: "Go to the first page" }).click();
  await expect(page).toHaveURL(`${baseURL}/dashboard/messages#subscribers-title`);
  await expect(page.getByText("This page link is not valid.")).toHaveCount(0);
});
