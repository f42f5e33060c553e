import { expect, test, type Page } from "./fixtures";
import { hotp, totpStep } from "@/lib/accounts/totp";
import { base32Decode } from "@/tests/fixtures/totp";
import { expectNoAxeViolations, registerThroughPage, uniqueEmail } from "./helpers";

const PASSWORD = "a-long-password";

/** What the authenticator app shows now for a key. */
const appCode = (key: Buffer) => hotp(key, totpStep(Date.now()));

/**
 * The code of an app whose clock runs one 30-second step ahead. The shop accepts a step either side of
 * its own (clock drift), and a step after the last one used: a person would wait for the next code; the
 * test takes it from the step ahead instead of waiting up to 30 s.
 */
const nextAppCode = (key: Buffer) => hotp(key, totpStep(Date.now()) + 1);

async function signInWithPassword(page: Page, email: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto("/login?next=/dashboard/myorders");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
}

test("a customer turns on two-factor authentication, signs in with an app code and with a backup code, then turns it off after confirming", async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("totp");
  await registerThroughPage(page, "Tess Totp", email);

  // Enrol: password, scan the QR code (here: type the setup key into our "app"), give the first code.
  await page.goto("/account/security");
  await page.getByLabel("Your password").fill(PASSWORD);
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(page.getByRole("img", { name: "QR code to add ToolForge to your authenticator app" })).toBeVisible();
  await expectNoAxeViolations(page);
  const key = base32Decode(((await page.getByTestId("totp-setup-key").textContent()) ?? "").replace(/\s+/g, ""));
  const enrolmentCode = appCode(key);
  await page.getByLabel("Code from your app").fill(enrolmentCode);
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  const codes = page.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const backupCodes = (await codes.allTextContents()).map((c) => c.trim());
  await page.getByRole("button", { name: "I have saved my backup codes" }).click();
  await expect(page.getByText("On.", { exact: true })).toBeVisible();

  // Sign in: the password leads to the second step. The code just used to enrol is refused.
  await signInWithPassword(page, email);
  await expectNoAxeViolations(page);
  await page.getByLabel("Code from your authenticator app").fill(enrolmentCode);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("This code has already been used. Wait for the next code in your authenticator app.")).toBeVisible();
  await page.getByLabel("Code from your authenticator app").fill(nextAppCode(key));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Signed in successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myorders$/);

  // A backup code works once.
  await signInWithPassword(page, email);
  await page.getByRole("button", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Signed in successfully")).toBeVisible();

  await signInWithPassword(page, email);
  await page.getByRole("button", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That backup code is not right, or it has been used already. Each backup code works once.")).toBeVisible();
  await page.getByLabel("Backup code").fill(backupCodes[1] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Signed in successfully")).toBeVisible();

  // Turning it off asks for the password first, then for a confirmation; keeping it changes nothing.
  await page.goto("/account/security");
  const section = page.getByRole("region", { name: "Two-factor authentication" });
  const turnOff = section.getByRole("button", { name: "Turn off two-factor authentication" });
  const dialog = page.getByRole("dialog", { name: "Turn off two-factor authentication?" });
  await turnOff.click();
  await expect(page.getByText("Enter your password to confirm it is you")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.getByLabel("Your password").fill(PASSWORD);
  await turnOff.click();
  await expect(dialog).toContainText("Signing in will no longer ask for a code");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Keep two-factor on" }).click();
  await expect(page.getByText("Two-factor authentication stays on")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(turnOff).toBeFocused();
  await page.reload();
  await expect(section.getByText("On.", { exact: true })).toBeVisible();

  await page.getByLabel("Your password").fill(PASSWORD);
  await turnOff.click();
  await dialog.getByRole("button", { name: "Turn off two-factor authentication" }).click();
  await expect(page.getByText("Two-factor authentication is off")).toBeVisible();
  // The button that had focus went away with it: focus is on the section's heading, not lost.
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeFocused();
  await expect(section.getByText("Off.", { exact: true })).toBeVisible();

  // The password alone signs in again.
  await page.context().clearCookies();
  await page.goto("/login?next=/dashboard/myorders");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Signed in successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myorders$/);
});
