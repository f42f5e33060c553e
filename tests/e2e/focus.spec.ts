import { expect, test } from "./fixtures";
import { browseFromOwnAddress, registerThroughPage, uniqueEmail } from "./helpers";

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
