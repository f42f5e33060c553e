import { expect, test } from "./fixtures";
import { browseFromOwnAddress, expectNoAxeViolations, photoFile, registerThroughApi, uniqueEmail } from "./helpers";

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
  // The seed requires a photo: the field says so before a refused submit does.
  await expect(photo).toHaveAccessibleDescription(/^Required: an image of you/);

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

test("Open an account while signed in says so and offers to sign out, instead of sending the customer home without a word", async ({ page, baseURL }) => {
  const email = await registerThroughApi(page, baseURL, "Sam Signedin");
  await page.goto("/");
  await page.getByRole("link", { name: "Open an account" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Register", exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Sign out and register" }).click();
  await expect(page.getByText("Signed out")).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole("button", { name: "Register", exact: true })).toBeVisible();
  // On the way somewhere (?next=), a signed-in visitor still goes straight on.
  await registerThroughApi(page, baseURL, "Sam Again");
  await page.goto("/register?next=/servicedata");
  await expect(page).toHaveURL(/\/servicedata$/);
});

test("registering once too often from one address says when to come back, as the server words it", async ({ page, baseURL }) => {
  await browseFromOwnAddress(page);
  // The allowance is five new accounts an hour per address (lib/rate-limit); these use it up.
  for (let index = 0; index < 5; index += 1) {
    const created = await page.request.post("/api/register", {
      multipart: { name: `Allowance ${index}`, email: uniqueEmail("allowance"), password: "a-long-password", photo: await photoFile() },
      headers: { origin: baseURL ?? "" },
    });
    expect(created.status()).toBe(201);
  }
  // Each registration signed its account in; the sixth visitor is signed out.
  await page.context().clearCookies();

  await page.goto("/register");
  await page.getByLabel("Name").fill("Sixth Account");
  await page.getByLabel("Email").fill(uniqueEmail("sixth"));
  await page.getByLabel("Password").fill("a-long-password");
  await page.getByLabel(/profile photo/i).setInputFiles(await photoFile());
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page.locator("#register-status")).toHaveText(/^Too many attempts\. Please try again in \d+ minutes\.$/);
  await expect(page).toHaveURL(/\/register$/);
});
