import sharp from "sharp";
import { expect, test, type Page } from "./fixtures";
import { expectNoAxeViolations, registerThroughPage } from "./helpers";

/** A PNG of another colour than the registration photo, so the stored file is a new one. */
async function bluePhoto(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 120, height: 120, channels: 3, background: "#1d4ed8" } }).png().toBuffer();
  return { name: "new-me.png", mimeType: "image/png", buffer };
}

const headerPhoto = (page: Page) => page.getByTestId("user-menu").locator("img");

test.describe("name and photo on /profile", () => {
  test("a customer changes name and photo with the keyboard; the header and the profile show them", async ({ page }) => {
    await registerThroughPage(page, "Ida Identity");
    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Name and photo" });
    await expect(section.getByRole("img", { name: "Photo of Ida Identity" })).toBeVisible();
    await expect(section.getByLabel("Name", { exact: true })).toHaveValue("Ida Identity");
    await expect(page.getByTestId("user-menu")).toHaveAccessibleName("Account menu for Ida Identity");
    const oldPhoto = await headerPhoto(page).getAttribute("src");
    expect(oldPhoto).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    await expectNoAxeViolations(page);

    // An empty name is refused under the field, which gets the focus.
    const name = section.getByLabel("Name", { exact: true });
    await name.fill("");
    const save = section.getByRole("button", { name: "Save name and photo" });
    await save.click();
    await expect(section.getByText("Enter your name")).toBeVisible();
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);

    // A file that says it is a PNG but is not: the server decodes it and refuses it under the photo picker.
    const picker = section.getByLabel("New profile photo");
    await name.fill("Ida Renamed");
    await picker.setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("definitely not an image") });
    // The browser cannot draw it either: the current photo stays, not a broken-image box.
    await expect(section.getByRole("img", { name: "Preview of your new photo" })).toHaveCount(0);
    await expect(section.getByRole("img", { name: "Photo of Ida Identity" })).toBeVisible();
    await save.click();
    await expect(section.getByText("Upload a JPEG, PNG, WebP, GIF or AVIF image.")).toBeVisible();
    await expect(picker).toBeFocused();
    await expect(page.getByTestId("user-menu")).toHaveAccessibleName("Account menu for Ida Identity");

    // The real photo: a preview first, then Save reached with the keyboard.
    await picker.setInputFiles(await bluePhoto());
    await expect(section.getByRole("img", { name: "Preview of your new photo" })).toBeVisible();
    await expect(section.getByText("New photo (not saved yet)")).toBeVisible();
    await picker.focus();
    await page.keyboard.press("Tab");
    await expect(save).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Profile updated")).toBeVisible();

    // The header's session is read again: new name, new photo.
    await expect(page.getByTestId("user-menu")).toHaveAccessibleName("Account menu for Ida Renamed");
    await expect(headerPhoto(page)).not.toHaveAttribute("src", oldPhoto ?? "");
    const newPhoto = await headerPhoto(page).getAttribute("src");
    expect(newPhoto).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);

    // The profile card above is server-rendered and refreshed; the form starts from the saved values.
    await expect(page.getByRole("heading", { level: 2, name: "Ida Renamed" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Photo of Ida Renamed" }).first()).toHaveAttribute("src", newPhoto ?? "");
    await expect(section.getByText("Current photo")).toBeVisible();
    await expect(picker).toHaveValue("");
    await expectNoAxeViolations(page);

    // It is stored: after a reload, and the old photo is gone.
    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: "Ida Renamed" })).toBeVisible();
    await expect(section.getByLabel("Name", { exact: true })).toHaveValue("Ida Renamed");
    await expect(headerPhoto(page)).toHaveAttribute("src", newPhoto ?? "");
    expect((await page.request.get(oldPhoto ?? "")).status()).toBe(404);
    expect((await page.request.get(newPhoto ?? "")).status()).toBe(200);
  });

  test("the section fits and passes axe at 390 px and 1280 px", async ({ page }) => {
    await registerThroughPage(page, "Wanda Width with a fairly long name to wrap");
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/profile");
      const section = page.getByRole("region", { name: "Name and photo" });
      await expect(section).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const box = await section.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      await expectNoAxeViolations(page);
    }
  });
});
