import { expect, test } from "./fixtures";
import { expectNoAxeViolations, readTextedCode, registerThroughPage, signInAsAdmin } from "./helpers";

const phoneNumber = `+4477009${String(Date.now() % 100_000).padStart(5, "0")}`;

test("a customer adds a phone number, signs in with a code sent by text message, and removes the number after confirming", async ({ page, browser, baseURL }) => {
  const admin = await browser.newPage();
  await signInAsAdmin(admin, baseURL);

  // Add the number on the account security page, with the code texted to it.
  await registerThroughPage(page, "Pat Phone");
  await page.goto("/account/security");
  await expect(page.getByRole("heading", { name: "Sign-in & security", level: 1 })).toBeVisible();
  await page.getByLabel("Mobile number").fill("0770 0900");
  await page.getByRole("button", { name: "Text me a code" }).click();
  await expect(page.getByText("Enter the number in international form: + and the country code, e.g. +44 7700 900123")).toBeVisible();
  await page.getByLabel("Mobile number").fill(`${phoneNumber.slice(0, 3)} ${phoneNumber.slice(3, 7)} ${phoneNumber.slice(7)}`);
  await page.getByRole("button", { name: "Text me a code" }).click();
  await expect(page.getByText(`We texted a 6-digit code to ${phoneNumber}`)).toBeVisible();
  const addCode = await readTextedCode(admin, phoneNumber);
  await page.getByLabel("Code from the text message").fill(addCode);
  await page.getByRole("button", { name: "Add number" }).click();
  await expect(page.getByTestId("account-phone")).toHaveText(phoneNumber);
  await expectNoAxeViolations(page);

  // Change number can be abandoned: Cancel shows the number again, with nothing typed kept.
  const section = page.getByRole("region", { name: "Sign-in phone number" });
  await section.getByRole("button", { name: "Change number" }).click();
  await expect(section.getByText("Change your mobile number")).toBeVisible();
  await expect(section.getByText("Add a mobile number")).toHaveCount(0);
  await expect(page.getByLabel("Mobile number")).toBeFocused();
  await page.getByLabel("Mobile number").fill("+44 7700 900999");
  await section.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page.getByTestId("account-phone")).toHaveText(phoneNumber);
  await expect(page.getByLabel("Mobile number")).toHaveCount(0);
  await expect(section.getByRole("button", { name: "Change number" })).toBeFocused();
  await section.getByRole("button", { name: "Change number" }).click();
  await expect(page.getByLabel("Mobile number")).toHaveValue("");
  await section.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page.getByTestId("account-phone")).toHaveText(phoneNumber);

  // Signed out, sign in with a texted code instead of the password.
  await page.context().clearCookies();
  await page.goto("/login?next=/dashboard/myorders");
  await page.getByRole("button", { name: "Sign in with a code by text message" }).click();
  await page.getByLabel("Phone number").fill(phoneNumber);
  await page.getByRole("button", { name: "Text me a code" }).click();
  await expect(page.getByText("If this number belongs to an account, a 6-digit code is on its way.")).toBeVisible();
  await expectNoAxeViolations(page);
  const code = await readTextedCode(admin, phoneNumber);

  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await page.getByLabel("Code from the text message").fill(wrong);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("That code is not right. 4 tries left.")).toBeVisible();

  await page.getByLabel("Code from the text message").fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Signed in successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myorders$/);
  await expect(page.getByTestId("user-menu")).toBeVisible();

  // Removing the number asks first; keeping it changes nothing.
  await page.goto("/account/security");
  const phoneSection = page.getByRole("region", { name: "Sign-in phone number" });
  const removeButton = phoneSection.getByRole("button", { name: "Remove number" });
  await removeButton.click();
  const dialog = page.getByRole("dialog", { name: "Remove your sign-in number?" });
  await expect(dialog).toContainText(`Codes texted to ${phoneNumber} will no longer sign you in.`);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Keep number" }).click();
  await expect(page.getByText("Number kept")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(removeButton).toBeFocused();
  await page.reload();
  await expect(page.getByTestId("account-phone")).toHaveText(phoneNumber);

  await removeButton.click();
  await dialog.getByRole("button", { name: "Remove number" }).click();
  await expect(page.getByText("Phone number removed")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign-in phone number" })).toBeFocused();
  await expect(page.getByLabel("Mobile number")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Mobile number")).toBeVisible();
  await expect(page.getByTestId("account-phone")).toHaveCount(0);

  await admin.close();
});
