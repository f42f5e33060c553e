import { expect, test } from "./fixtures";
import { expectNoAxeViolations, signInAsAdmin } from "./helpers";

test("a subscriber leaves the newsletter from the link in the admin's export, with one press", async ({ page, browser, baseURL }) => {
  const email = `leaver-${Date.now()}@toolforge.test`;
  await page.goto("/");
  await page.getByPlaceholder("Your Email").fill(email);
  await page.getByRole("button", { name: /subscribe/i }).click();
  await expect(page.getByText(/on the list/i)).toBeVisible();

  // The admin's export carries each subscriber's own link.
  await signInAsAdmin(page, baseURL);
  const exported = async () => (await (await page.request.get("/api/admin/subscribers?format=csv")).text()).split("\n");
  const row = (await exported()).find((line) => line.startsWith(`${email},`));
  const link = row?.split(",")[2]?.trim() ?? "";
  expect(link).toContain("/newsletter/unsubscribe?");

  // The subscriber opens it in their own browser: opening it changes nothing, the button does.
  const context = await browser.newContext();
  const reader = await context.newPage();
  await reader.goto(link);
  await expect(reader.getByText(email)).toBeVisible();
  expect((await exported()).some((line) => line.startsWith(`${email},`))).toBe(true);
  await expectNoAxeViolations(reader);
  await reader.getByRole("button", { name: /unsubscribe/i }).click();
  await expect(reader.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await expect(reader.getByRole("status")).toBeFocused();
  expect((await exported()).some((line) => line.startsWith(`${email},`))).toBe(false);

  // A link whose token was changed is refused, and says what to do.
  await reader.goto(link.replace(/token=[^&]+/, "token=not-the-token"));
  await expect(reader.getByRole("heading", { name: "Link not valid" })).toBeVisible();
  await context.close();
});
