import { expect, test } from "./fixtures";
import { expectNoAxeViolations, signInAsAdmin } from "./helpers";
import { linkIn, newestMailTo } from "./mail";

test("a sign-up is confirmed from its mail before it is on the list, and leaves it from the export's link with one press", async ({ page, browser, baseURL }) => {
  const email = `leaver-${Date.now()}@toolforge.test`;
  await page.goto("/");
  await page.getByPlaceholder("Your Email").fill(email);
  await page.getByRole("button", { name: /subscribe/i }).click();
  await expect(page.getByText(/check your inbox and confirm/i)).toBeVisible();

  // Not on the list until the address's owner confirms (ADR 072).
  await signInAsAdmin(page, baseURL);
  const exported = async () => (await (await page.request.get("/api/admin/subscribers?format=csv")).text()).split("\n");
  expect((await exported()).some((line) => line.startsWith(`${email},`))).toBe(false);

  // The owner opens the mail's link in their own browser: opening it changes nothing, the button confirms.
  const context = await browser.newContext();
  const reader = await context.newPage();
  const confirmation = await newestMailTo(email, { subject: "Confirm your ToolForge newsletter subscription" });
  await reader.goto(linkIn(confirmation, "/newsletter/confirm"));
  await expect(reader.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
  await expect(reader.getByText(email)).toBeVisible();
  expect((await exported()).some((line) => line.startsWith(`${email},`))).toBe(false);
  await expectNoAxeViolations(reader);
  await reader.getByRole("button", { name: "Confirm" }).click();
  await expect(reader.getByRole("heading", { name: "You are subscribed" })).toBeVisible();
  await expect(reader.getByRole("status")).toBeFocused();

  // The admin's export now carries the subscriber, with their own unsubscribe link.
  const row = (await exported()).find((line) => line.startsWith(`${email},`));
  const link = row?.split(",")[2]?.trim() ?? "";
  expect(link).toContain("/newsletter/unsubscribe?");

  // The subscriber opens it: opening it changes nothing, the button does.
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
