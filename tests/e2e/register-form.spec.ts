import { expect, test } from "./fixtures";
import { browseFromOwnAddress, photoFile } from "./helpers";

test("a refused registration puts focus on the first invalid field, in page order", async ({ page }) => {
  await browseFromOwnAddress(page);
  await page.goto("/register");
  const register = page.getByRole("button", { name: "Register", exact: true });

  await register.click();
  await expect(page.getByLabel("Name")).toBeFocused();
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Name").fill("Fiona Focus");
  await register.click();
  await expect(page.getByLabel("Email")).toBeFocused();

  await page.getByLabel("Email").fill("not-an-address");
  await page.getByLabel("Password").fill("a-long-password");
  await register.click();
  await expect(page.getByLabel("Email")).toBeFocused();
});

test("a photo that cannot be shown leaves the placeholder in the circle, not a broken image", async ({ page }, testInfo) => {
  await browseFromOwnAddress(page);
  await page.goto("/register");
  const photo = page.getByLabel(/profile photo/i);
  const preview = page.getByRole("img", { name: "Preview of your profile photo" });

  // A real image is previewed…
  await photo.setInputFiles(await photoFile());
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  // …a file that only says it is one is not: no broken-image box and its alt text in the 64 px circle.
  await photo.setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("These are my notes, not a photo.\n") });
  await expect(preview).toHaveCount(0);
  await page.locator('form[aria-describedby="register-status"]').screenshot({ path: testInfo.outputPath("register-undecodable-photo.png") });

  await photo.setInputFiles(await photoFile());
  await expect(preview).toBeVisible();
});
