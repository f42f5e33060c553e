import { expect, test, type Browser, type Page } from "./fixtures";
import { expectFits, expectNoAxeViolations, registerThroughApi } from "./helpers";

/** A customer who writes one review of the shop through the API, in a context of their own. */
async function reviewTheShop(browser: Browser, baseURL: string | undefined, name: string, text: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await registerThroughApi(page, baseURL, name);
    const reviewed = await page.request.post("/api/reviews", { data: { text, rating: 4.5 }, headers: { origin: baseURL ?? "" } });
    expect(reviewed.status()).toBe(201);
  } finally {
    await context.close();
  }
}

/** The total the page states: "1,234 reviews of ToolForge, newest first." */
async function statedTotal(page: Page): Promise<number> {
  const line = await page.getByText(/^[\d,]+ reviews? of ToolForge, newest first\.$/).textContent();
  return Number((line ?? "").split(" ")[0]?.replaceAll(",", ""));
}

test("the home page links to every review of the shop, read a page at a time by links", async ({ page, browser, baseURL }) => {
  test.slow();
  const stamp = Date.now().toString(36);
  for (let i = 1; i <= 3; i += 1) await reviewTheShop(browser, baseURL, `Reviewer ${i} ${stamp}`, `Shop review ${i} ${stamp}: the chisels hold an edge.`);

  // The home page reads the reviews at request time, through a cache of a few seconds: reload until ours are there.
  const section = page.locator('[data-section="reviews"]');
  const readAll = section.getByRole("link", { name: /^Read all [\d,]+ reviews$/ });
  await expect
    .poll(
      async () => {
        await page.goto("/");
        return section.getByText(`Shop review 3 ${stamp}`).count();
      },
      { timeout: 15_000, intervals: [250, 500, 1000] },
    )
    .toBeGreaterThan(0);
  const linked = Number(((await readAll.textContent()) ?? "").replace(/\D/g, ""));
  expect(linked).toBeGreaterThanOrEqual(3);
  await readAll.click();

  await expect(page).toHaveURL(/\/reviews$/);
  await expect(page).toHaveTitle(/Customer reviews/);
  await expect(page.getByRole("heading", { level: 1, name: "What our customers say" })).toBeVisible();
  expect(await statedTotal(page)).toBeGreaterThanOrEqual(linked);
  await expect(page.getByRole("link", { name: "Write a review" })).toHaveAttribute("href", "/dashboard/addReview");
  // Newest first: ours in the order they were written, the last one before the first.
  const names = await page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();
  const at = (i: number) => names.indexOf(`Reviewer ${i} ${stamp}`);
  expect(at(3)).toBeGreaterThanOrEqual(0);
  expect(at(3)).toBeLessThan(at(2));
  expect(at(2)).toBeLessThan(at(1));
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectFits(page);
    await expectNoAxeViolations(page);
  }

  // One to a page: Next and Previous are links, and each page has its own address.
  await page.goto("/reviews?pageSize=1");
  const total = await statedTotal(page);
  const pages = page.getByRole("navigation", { name: "Review pages" });
  await expect(pages.getByText(`Page 1 of ${total}`)).toBeVisible();
  const first = await page.getByRole("main").getByRole("heading", { level: 2 }).textContent();
  await pages.getByRole("link", { name: /Next/ }).click();
  await expect(pages.getByText(`Page 2 of ${total}`)).toBeVisible();
  await expect(page).toHaveURL(/[?&]cursor=/);
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).not.toHaveText(first ?? "");
  await pages.getByRole("link", { name: /Previous/ }).click();
  await expect(pages.getByText(`Page 1 of ${total}`)).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(first ?? "");

  // A page past the last says so, and leads back.
  await page.goto("/reviews?page=99999");
  await expect(page.getByText("There is no page 99999.")).toBeVisible();
  await page.getByRole("link", { name: "Go to the first page" }).click();
  await expect(page).toHaveURL(/\/reviews$/);
});
