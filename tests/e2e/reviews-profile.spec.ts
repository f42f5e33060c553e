import { expect, test, type Locator, type Page } from "./fixtures";
import { expectNoAxeViolations, registerThroughPage, signInAsAdmin } from "./helpers";

/** Presses Tab until `target` has focus: the way a keyboard user reaches it from the top of the page. */
async function tabTo(page: Page, target: Locator, maxPresses = 40): Promise<void> {
  for (let i = 0; i < maxPresses; i += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The page x of a point `fraction` of the way across star `star` (1–5) of the rating input. */
async function starX(rating: Locator, star: number, fraction: number): Promise<{ x: number; y: number }> {
  const stars = rating.locator(":scope > span");
  const box = await stars.boundingBox();
  if (!box) throw new Error("rating stars are not visible");
  const width = box.width / 5;
  return { x: box.x + (star - 1) * width + fraction * width, y: box.y + box.height / 2 };
}

test.describe("reviews", () => {
  test("a customer writes a review with the keyboard only, and it shows on the home page", async ({ page }) => {
    await registerThroughPage(page, "Kim Keyboard");
    await page.goto("/dashboard/addReview");
    await expect(page).toHaveTitle(/Add Review/);
    await expect(page.getByRole("heading", { level: 1, name: "Add Review" })).toBeVisible();
    await expect(page.getByRole("main").getByText("Kim Keyboard", { exact: true }).first()).toBeVisible();

    const textarea = page.getByLabel("Your review");
    await tabTo(page, textarea);
    const text = `Keyboard review ${Date.now()}: the claw hammer is perfectly balanced.`;
    await page.keyboard.type(text);
    await expect(page.getByTestId("review-text-count")).toHaveText(`${text.length} / 1000 characters`);

    await page.keyboard.press("Tab");
    const rating = page.getByRole("slider", { name: "Rating" });
    await expect(rating).toBeFocused();
    await expect(rating).toHaveAttribute("aria-valuetext", "No rating chosen");
    // From nothing, the first arrow picks 1 star; every next one adds half a star.
    for (let press = 0; press < 8; press += 1) await page.keyboard.press("ArrowRight");
    await expect(rating).toHaveAttribute("aria-valuetext", "4.5 out of 5 stars");
    await expect(rating).toHaveAttribute("aria-valuenow", "4.5");
    // The other keys of the slider pattern, then back to 4.5.
    await page.keyboard.press("End");
    await expect(rating).toHaveAttribute("aria-valuetext", "5 out of 5 stars");
    await page.keyboard.press("Home");
    await expect(rating).toHaveAttribute("aria-valuetext", "1 out of 5 stars");
    await page.keyboard.press("4");
    await page.keyboard.press("ArrowUp");
    await expect(rating).toHaveAttribute("aria-valuetext", "4.5 out of 5 stars");

    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Submit review" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Review added")).toBeVisible();
    // After router.refresh() the page knows the review exists and edits it from now on.
    await expect(page.getByText("You've already reviewed us — saving will update your review.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Update review" })).toBeVisible();

    // The home page reads the reviews at request time: reload until the new text shows.
    const reviews = page.locator('[data-section="reviews"]');
    await expect
      .poll(
        async () => {
          await page.goto("/");
          return reviews.getByText(text).count();
        },
        { timeout: 10_000, intervals: [250, 500, 1000] },
      )
      .toBeGreaterThan(0);
  });

  test("saving again updates the one review", async ({ page }) => {
    await registerThroughPage(page, "Rae Revise");
    await page.goto("/dashboard/addReview");
    await page.getByLabel("Your review").fill("First thoughts: the chisel holds an edge.");
    await page.getByRole("slider", { name: "Rating" }).focus();
    await page.keyboard.press("3");
    await page.getByRole("button", { name: "Submit review" }).click();
    await expect(page.getByText("Review added")).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("Your review")).toHaveValue("First thoughts: the chisel holds an edge.");
    await expect(page.getByRole("slider", { name: "Rating" })).toHaveAttribute("aria-valuetext", "3 out of 5 stars");
    await page.getByLabel("Your review").fill("A month later: the chisel still holds an edge.");
    await page.getByRole("button", { name: "Update review" }).click();
    await expect(page.getByText("Review updated")).toBeVisible();
  });

  test("a customer deletes their review after a confirmation; the form is empty again and the home page drops it", async ({ page }) => {
    await registerThroughPage(page, "Del Withdraw");
    const text = `Changed my mind about this one ${Date.now()}.`;
    await page.goto("/dashboard/addReview");
    await page.getByLabel("Your review").fill(text);
    await page.getByRole("slider", { name: "Rating" }).focus();
    await page.keyboard.press("2");
    await page.getByRole("button", { name: "Submit review" }).click();
    await expect(page.getByText("Review added")).toBeVisible();

    const deleteButton = page.getByRole("button", { name: "Delete review of the shop" });
    await deleteButton.click();
    const dialog = page.getByRole("dialog", { name: "Delete your review?" });
    await expect(dialog).toContainText("Your review of the shop leaves our home page for good.");
    await dialog.getByRole("button", { name: "Keep review" }).click();
    await expect(page.getByText("Review kept")).toBeVisible();
    await expect(page.getByLabel("Your review")).toHaveValue(text);

    await deleteButton.click();
    await dialog.getByRole("button", { name: "Delete review" }).click();
    await expect(page.getByText("Review deleted")).toBeVisible();
    // The form is for a new review now: empty, no rating, and nothing left to delete.
    await expect(page.getByRole("button", { name: "Submit review" })).toBeVisible();
    await expect(page.getByLabel("Your review")).toHaveValue("");
    await expect(page.getByRole("slider", { name: "Rating" })).not.toHaveAttribute("aria-valuetext", /2 out of 5/);
    await expect(deleteButton).toHaveCount(0);
    await expect(page.getByText("You've already reviewed us")).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel("Your review")).toHaveValue("");

    await page.goto("/");
    await expect(page.locator('[data-section="reviews"]').getByText(text)).toHaveCount(0);
  });

  test("submitting without a rating says 'Choose a rating from 1 to 5'; stars also work with a pointer", async ({ page }) => {
    await registerThroughPage(page, "Nora Norating");
    await page.goto("/dashboard/addReview");
    const markup = '<b>bold</b> pliers <img src=x onerror="window.__xss=1">';
    await page.getByLabel("Your review").fill(markup);
    await page.getByRole("button", { name: "Submit review" }).click();

    const rating = page.getByRole("slider", { name: "Rating" });
    await expect(page.getByText("Choose a rating from 1 to 5")).toBeVisible();
    await expect(rating).toBeFocused();
    await expect(rating).toHaveAttribute("aria-invalid", "true");

    // The preview shows markup as text and never runs it.
    const preview = page.getByRole("region", { name: "Preview" }).getByTestId("review-card");
    await expect(preview).toContainText(markup);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    // Left half of the third star: 2.5; right half of the fifth: 5.
    const leftOfThird = await starX(rating, 3, 0.25);
    await page.mouse.click(leftOfThird.x, leftOfThird.y);
    await expect(rating).toHaveAttribute("aria-valuetext", "2.5 out of 5 stars");
    await expect(page.getByText("Choose a rating from 1 to 5")).toBeHidden();
    await expect(preview.getByRole("img", { name: "Rated 2.5 out of 5" })).toBeVisible();
    const rightOfFifth = await starX(rating, 5, 0.75);
    await page.mouse.click(rightOfFifth.x, rightOfFifth.y);
    await expect(rating).toHaveAttribute("aria-valuetext", "5 out of 5 stars");
  });

  test("Add Review has no axe violations, also with errors shown", async ({ page }) => {
    await registerThroughPage(page);
    await page.goto("/dashboard/addReview");
    await expect(page.getByRole("slider", { name: "Rating" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Submit review" }).click();
    await expect(page.getByText("Choose a rating from 1 to 5")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("profile", () => {
  const details = {
    education: "City & Guilds Carpentry",
    address: "12 Forge Lane, Sheffield S1 2AB",
    phone: "+44 114 496 0000",
    birthday: "1990-04-25",
  };

  test("a customer edits the profile; the values come back after a reload, and bad dates are refused", async ({ page }) => {
    await registerThroughPage(page, "Pat Profile");
    await page.goto("/dashboard/myProfile");
    await expect(page).toHaveTitle(/My Profile/);
    const shown = page.getByTestId("profile-details");
    await expect(shown.getByText("Not set yet")).toHaveCount(4);
    await expect(page.getByText("Status: Active")).toBeVisible();
    await expect(page.getByText("Role: Customer")).toBeVisible();
    await expect(page.getByText(/^Member since [A-Z][a-z]+ \d{4}$/)).toBeVisible();

    const edit = page.getByRole("button", { name: "Edit profile" });
    await expect(edit).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByLabel("Education")).toBeHidden();
    await edit.click();
    await expect(edit).toHaveAttribute("aria-expanded", "true");
    const formId = await edit.getAttribute("aria-controls");
    await expect(page.locator(`[id="${formId}"]`)).toBeVisible();

    // All four are required, with the server's messages; a future birthday is refused too.
    const save = page.getByRole("button", { name: /^save$/i });
    await page.getByLabel("Date of Birth").fill("2999-01-01");
    await save.click();
    await expect(page.getByText("Enter your education")).toBeVisible();
    await expect(page.getByText("Enter your address")).toBeVisible();
    await expect(page.getByText("Enter your contact number")).toBeVisible();
    await expect(page.getByText("Enter a real date between 1900 and yesterday, e.g. 1990-04-25")).toBeVisible();
    await expect(page.getByLabel("Education")).toBeFocused();

    await page.getByLabel("Education").fill(details.education);
    await page.getByLabel("Address").fill(details.address);
    await page.getByLabel("Phone Number").fill(details.phone);
    await page.getByLabel("Date of Birth").fill(details.birthday);
    await save.click();
    await expect(page.getByText("Profile updated")).toBeVisible();
    await expect(edit).toHaveAttribute("aria-expanded", "false");
    await expect(edit).toBeFocused();
    await expect(page.getByLabel("Education")).toBeHidden();

    await page.reload();
    for (const text of [details.education, details.address, details.phone, "Apr 25, 1990"]) {
      await expect(shown).toContainText(text);
    }
    await expect(shown.getByText("Not set yet")).toHaveCount(0);

    // /profile shows the same content.
    await page.goto("/profile");
    await expect(page).toHaveTitle(/Profile/);
    await expect(page.getByTestId("profile-details")).toContainText("Apr 25, 1990");

    // An impossible date sent straight to the API is refused and changes nothing.
    const origin = new URL(page.url()).origin;
    const refused = await page.request.patch("/api/me/profile", { headers: { origin }, data: { ...details, birthday: "1990-02-30" } });
    expect(refused.status()).toBe(422);
    const body = (await refused.json()) as { error: { fields?: Record<string, string> } };
    expect(body.error.fields?.birthday).toBe("Enter a real date between 1900 and yesterday, e.g. 1990-04-25");
    await page.reload();
    await expect(page.getByTestId("profile-details")).toContainText("Apr 25, 1990");
  });

  test("My Profile has no axe violations with the form open", async ({ page }) => {
    await registerThroughPage(page);
    await page.goto("/dashboard/myProfile");
    await page.getByRole("button", { name: "Edit profile" }).click();
    await expect(page.getByLabel("Education")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: /^save$/i }).click();
    await expect(page.getByText("Enter your education")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test("a customer whose review an admin has hidden is told so on Add Review, and saving keeps it hidden", async ({ page, browser, baseURL }) => {
  await registerThroughPage(page, "Hedda Hidden");
  const origin = { origin: baseURL ?? "" };
  const written = await page.request.post("/api/reviews", { data: { text: "The saw cut true until it did not.", rating: 2 }, headers: origin });
  expect(written.status()).toBe(201);
  const { id: reviewId } = (await written.json()) as { id: string };

  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await signInAsAdmin(adminPage, baseURL);
  expect((await adminPage.request.patch(`/api/reviews/${reviewId}`, { data: { hidden: true }, headers: origin })).ok()).toBe(true);
  await admin.close();

  await page.goto("/dashboard/addReview");
  await expect(page.getByText("Our team has hidden this review, so it is not shown on our home page. Saving changes keeps it hidden.")).toBeVisible();
  await expect(page.getByText("How your review would look if it were shown.")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Your review").fill("The saw cut true until it did not; the shop replaced it at once.");
  await page.getByRole("button", { name: "Update review" }).click();
  await expect(page.getByText("Your review is updated.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Your review")).toHaveValue("The saw cut true until it did not; the shop replaced it at once.");
  await expect(page.getByText(/^Our team has hidden this review/)).toBeVisible();
});
