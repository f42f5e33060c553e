import { expect, test, type Page } from "./fixtures";
import { z } from "zod";
import { addProductThroughApi, ADMIN_EMAIL, expectNoAxeViolations, registerThroughPage, signInAsAdmin } from "./helpers";

// Issue 15: every page at phone, tablet and desktop widths, signed out, as a customer and as an admin.
const WIDTHS = [320, 390, 768, 1280] as const;
const HEIGHT = 800;

// The file's tests are independent (each signs in on its own) and it runs last: in parallel mode
// both workers share its three long page sweeps instead of one worker running all of them alone.
test.describe.configure({ mode: "parallel" });

const publicPages = ["/", "/servicedata", "/products/prd_claw_hammer_16oz", "/login", "/register", "/forgot-password", "/no-such-page"];
const customerPages = ["/profile", "/dashboard/myorders", "/dashboard/addReview", "/dashboard/myProfile", "/account/security", "/purchasePages/prd_claw_hammer_16oz"];
const adminPages = [
  "/dashboard/manageOrder",
  "/dashboard/addProduct",
  "/dashboard/manageProducts",
  "/dashboard/makeAdmin",
  "/dashboard/messages",
  "/dashboard/texts",
  "/dashboard/reviews",
  "/dashboard/audit",
];

/** The page is no wider than the window: nothing scrolls sideways. Names the widest elements when it is. */
async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  const overflow = await page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= limit) return { scrollWidth, wide: [] as string[] };
    const wide = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => element.getBoundingClientRect().right > limit + 1 && getComputedStyle(element).position !== "fixed")
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`);
    return { scrollWidth, wide };
  });
  expect(overflow.scrollWidth, `wider than ${width}px: ${overflow.wide.join(" | ")}`).toBeLessThanOrEqual(width);
}

/**
 * Each page is loaded once and laid out at every width in turn (the window resized, as a person
 * turning a tablet would): nothing may scroll sideways at any of them. axe runs at a phone and a
 * desktop width, where the two layouts differ (stacked cards against tables, menu against links).
 */
const AXE_WIDTHS: readonly number[] = [390, 1280];

async function checkPages(page: Page, paths: string[]): Promise<void> {
  for (const path of paths) {
    await test.step(path, async () => {
      await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      for (const width of WIDTHS) {
        await test.step(`${path} at ${width}px`, async () => {
          await page.setViewportSize({ width, height: HEIGHT });
          // One frame for the layout to follow the new width (media queries, matchMedia listeners).
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          await expectNoSidewaysScroll(page, width);
          if (AXE_WIDTHS.includes(width)) await expectNoAxeViolations(page);
        });
      }
    });
  }
}

const widthList = WIDTHS.join(", ");

test(`public pages at ${widthList}px: no sideways scroll, no axe violations`, async ({ page }) => {
  test.setTimeout(240_000);
  await checkPages(page, publicPages);
});

test(`customer pages at ${widthList}px: no sideways scroll, no axe violations`, async ({ page }) => {
  test.setTimeout(240_000);
  await registerThroughPage(page, "Wide Narrow Customer with a rather long name", `a-very-long-address-for-wrapping-${Date.now()}@toolforge.test`);
  await checkPages(page, customerPages);
});

test(`admin pages at ${widthList}px: no sideways scroll, no axe violations`, async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await signInAsAdmin(page, baseURL);
  await checkPages(page, adminPages);
});

test("admin tables become stacked cards on phones, each cell led by its column's name", async ({ page, baseURL }) => {
  await signInAsAdmin(page, baseURL);
  await page.setViewportSize({ width: 390, height: HEIGHT });
  // The run's admin, found by search: other tests may have registered many accounts before it.
  await page.goto(`/dashboard/makeAdmin?q=${encodeURIComponent(ADMIN_EMAIL)}`);
  const table = page.getByRole("table", { name: "Accounts, oldest first" });
  const row = table.locator("tbody tr").filter({ hasText: ADMIN_EMAIL });
  await row.scrollIntoViewIfNeeded();
  expect(await row.evaluate((element) => getComputedStyle(element).display)).toBe("block");
  const label = await row.locator("th").evaluate((cell) => getComputedStyle(cell, "::before").content);
  // Written for the eye, with empty alternative text: a screen reader says the column header instead.
  expect(label).toBe('"Email" / ""');
  await expect(row.getByText("Admin", { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page, 390);
});

test("in-app navigation opens at the top with focus on the new page's heading", async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: HEIGHT });
    await page.goto("/servicedata");
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    // Catalog → product page, by the product's name.
    await page.getByRole("link", { name: "Forged Claw Hammer 16 oz", exact: true }).click();
    await expect(page).toHaveURL(/\/products\/prd_claw_hammer_16oz$/);
    const productHeading = page.getByRole("heading", { level: 1, name: "Forged Claw Hammer 16 oz" });
    await expect(productHeading).toBeFocused();
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Product page → home by the logo: the page used to open 600–820 px down (issue 15).
    await page.mouse.wheel(0, 1200);
    await page.getByRole("banner").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("#hero-title")).toBeFocused();
    await page.waitForTimeout(600);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Home → catalog through the hero's button, then an anchor link still lands on its section.
    await page.getByRole("link", { name: "Get started" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "All tools" })).toBeFocused();
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  }
});

test("the header's search suggests tools and opens the one chosen with the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: HEIGHT });
  await page.goto("/login");
  const search = page.getByRole("combobox", { name: "Find a tool" });
  await search.fill("wrench");
  const list = page.getByRole("listbox", { name: "Suggested tools" });
  await expect(list.getByRole("option").first()).toBeVisible();
  await expect(search).toHaveAttribute("aria-expanded", "true");
  await expectNoAxeViolations(page);
  await search.press("ArrowDown");
  const first = list.getByRole("option").first();
  await expect(first).toHaveAttribute("aria-selected", "true");
  const name = (await first.locator("span").first().textContent()) ?? "";
  await search.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/products\//);

  // Enter without a suggestion chosen searches the catalog; on a phone the search opens from its button.
  await page.setViewportSize({ width: 320, height: HEIGHT });
  await page.getByRole("button", { name: "Find a tool" }).click();
  const phoneSearch = page.getByRole("combobox", { name: "Find a tool" });
  await expect(phoneSearch).toBeFocused();
  await phoneSearch.fill("saw");
  await phoneSearch.press("Enter");
  await expect(page).toHaveURL(/\/servicedata\?q=saw$/);
  await expect(page.getByText(/tools? for “saw”/)).toBeVisible();
});

// schema.org Product as Google's product snippets require it: a name, an image and an Offer with a
// price, an ISO 4217 currency and a schema.org availability (https://schema.org/Product).
const productJsonLd = z.object({
  "@context": z.literal("https://schema.org"),
  "@type": z.literal("Product"),
  name: z.string().min(1),
  description: z.string().min(1),
  image: z.array(z.url()).min(1),
  sku: z.string().min(1),
  url: z.url(),
  brand: z.object({ "@type": z.literal("Brand"), name: z.string().min(1) }),
  offers: z.object({
    "@type": z.literal("Offer"),
    price: z.string().regex(/^\d+\.\d{2}$/),
    priceCurrency: z.string().regex(/^[A-Z]{3}$/),
    availability: z.enum(["https://schema.org/InStock", "https://schema.org/LimitedAvailability", "https://schema.org/OutOfStock"]),
    url: z.url(),
  }),
});

test("a product page is public, canonical, and describes the product in valid Product JSON-LD", async ({ page, request }) => {
  const response = await request.get("/products/prd_claw_hammer_16oz");
  expect(response.status()).toBe(200);
  await page.goto("/products/prd_claw_hammer_16oz");
  await expect(page.getByRole("heading", { level: 1, name: "Forged Claw Hammer 16 oz" })).toBeVisible();
  await expect(page.getByTestId("stock-badge").first()).toHaveText(/^\d+ in stock$/);
  await expect(page.locator("dt", { hasText: "Minimum order" })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/products\/prd_claw_hammer_16oz$/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/images\/products\/.+/);
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "null") as unknown;
  const parsed = productJsonLd.parse(data);
  expect(parsed).toMatchObject({ name: "Forged Claw Hammer 16 oz", offers: { price: "24.99", priceCurrency: "USD", availability: "https://schema.org/InStock" } });

  // The quantity chosen goes with Buy now (sign-in first for a visitor).
  await page.getByRole("button", { name: "One more" }).click();
  await expect(page.getByRole("link", { name: /^Buy now: 11 × Forged Claw Hammer/ })).toHaveAttribute("href", "/purchasePages/prd_claw_hammer_16oz?quantity=11");
  // Focus stays on the button, so the new quantity and price are said.
  await expect(page.getByRole("status").filter({ hasText: "in all" })).toHaveText("Quantity 11, $274.89 in all");
  // A figure under the minimum (10) is set to it, and the page says so.
  const quantity = page.getByLabel("Quantity");
  await quantity.fill("3");
  await quantity.blur();
  await expect(quantity).toHaveValue("10");
  await expect(page.getByRole("status").filter({ hasText: "Set to 10: the fewest units per order." })).toBeVisible();
  await page.getByRole("button", { name: "One more" }).click();
  await expect(page.getByText("Set to 10")).toHaveCount(0);
  // Enter settles a typed figure where it is, with the focus kept in the field.
  await quantity.fill("12.5");
  await quantity.press("Enter");
  await expect(quantity).toHaveValue("13");
  await expect(quantity).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Set to 13: whole units only." })).toBeVisible();

  // An unknown product is the not-found page, with a 404.
  expect((await request.get("/products/prd_nope")).status()).toBe(404);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/products/prd_claw_hammer_16oz</loc>");
  expect(sitemap).toContain("/servicedata</loc>");
  expect(sitemap).toContain("/reviews</loc>");
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Sitemap: http.+\/sitemap\.xml/);
  expect(robots).toContain("Disallow: /dashboard");
});

test("stock states: cards and product pages say N in stock, Only N left or Out of stock, and Buy now says why it is off", async ({ page, baseURL }) => {
  await signInAsAdmin(page, baseURL);
  // Each name starts with the words and the shared suffix the checks below look for.
  const make = async (name: string, stock: number, minOrderQuantity: number) =>
    (await addProductThroughApi(page, baseURL, { name, description: "A tool for stock tests.", priceCents: 500, stock, minOrderQuantity })).id;
  const suffix = Date.now().toString(36);
  const low = await make(`Low Stock Awl ${suffix}`, 8, 5);
  const out = await make(`Sold Out Awl ${suffix}`, 3, 5);

  await page.goto(`/products/${low}`);
  await expect(page.getByTestId("stock-badge").first()).toHaveText("Only 8 left");
  await expect(page.getByRole("link", { name: new RegExp(`^Buy now: 5 × Low Stock Awl ${suffix}`) })).toBeVisible();

  await page.goto(`/products/${out}`);
  await expect(page.getByTestId("stock-badge").first()).toHaveText("Out of stock");
  // The product's own Buy now comes first; related tools below have their own.
  const buy = page.getByRole("main").getByRole("button", { name: "Buy now" }).first();
  await expect(buy).toBeDisabled();
  await expect(buy).toHaveAccessibleDescription("Out of stock. Only 3 left, fewer than the minimum order of 5. Check back soon.");
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "null") as { offers: { availability: string } };
  expect(data.offers.availability).toBe("https://schema.org/OutOfStock");

  await expect(async () => {
    await page.goto(`/servicedata?q=${suffix}`);
    const card = page.getByRole("article").filter({ hasText: `Sold Out Awl ${suffix}` });
    await expect(card.getByTestId("stock-badge")).toHaveText("Out of stock", { timeout: 1_000 });
    await expect(card.getByRole("button", { name: "Buy now" })).toBeDisabled();
    await expect(card.getByRole("button", { name: "Buy now" })).toHaveAccessibleDescription("Only 3 left, fewer than the minimum order of 5. Check back soon.");
    await expect(page.getByRole("article").filter({ hasText: `Low Stock Awl ${suffix}` }).getByTestId("stock-badge")).toHaveText("Only 8 left");
  }).toPass({ timeout: 15_000 });

  // The purchase page words the same fact the same way, with its own way on.
  await page.goto(`/purchasePages/${out}`);
  const orderBox = page.getByRole("region", { name: "Order this tool" });
  await expect(orderBox).toContainText("Only 3 left, fewer than the minimum order of 5. Check back soon or browse other tools.");
  await expect(orderBox.getByRole("button", { name: /Place order/ })).toHaveCount(0);
});

test("a toast dragged sideways past 80 % of its width is dismissed; a shorter drag puts it back", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await registerThroughPage(page, "Dora Drag");
  const toast = page.locator("[data-rht-toaster] [data-toast-id]").filter({ hasText: "Account created" });
  await expect(toast).toBeVisible();
  // The toast itself (its slot spans the page's width, right-aligned).
  const body = toast.locator("> div");
  const drag = async (share: number) => {
    const box = await body.boundingBox();
    if (!box) throw new Error("the toast has no box");
    const y = box.y + box.height / 2;
    const x = box.x + 12;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + (box.width * share) / 2, y, { steps: 4 });
    await page.mouse.move(x + box.width * share, y, { steps: 4 });
    // It follows the pointer while held.
    await expect(body).toHaveAttribute("style", /translateX\(\d+(\.\d+)?px\)/);
    await page.mouse.up();
  };
  await drag(0.4);
  await expect(toast).toBeVisible();
  await expect(body).not.toHaveAttribute("style", /translateX/);
  await drag(0.9);
  await expect(toast).toBeHidden();
});

test("the account menu opens over a toast, not under it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await registerThroughPage(page, "Tom Toast");
  // Registering signs in and says so in a toast in the top right, where the menu opens.
  // The toast's own text: the live region it sits in has no role of its own (components/layout/toaster.tsx).
  const toast = page.locator("[data-rht-toaster]").getByText("Account created");
  await expect(toast).toBeVisible();
  await page.getByTestId("user-menu").click();
  const panel = page.getByRole("menu", { name: "Account" }).locator("..");
  await expect(panel).toBeVisible();
  await expect(toast).toBeVisible();
  const [a, b] = [await toast.boundingBox(), await panel.boundingBox()];
  if (!a || !b) throw new Error("the toast or the menu has no box");
  // Where the two overlap, the menu is what the pointer meets.
  const left = Math.max(a.x, b.x);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const top = Math.max(a.y, b.y);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  expect(right > left && bottom > top).toBe(true);
  const onMenu = await panel.evaluate((menu, { x, y }) => menu.contains(document.elementFromPoint(x, y)), {
    x: (left + right) / 2,
    y: (top + bottom) / 2,
  });
  expect(onMenu).toBe(true);
  await page.getByRole("menuitem", { name: "Sign-in & security" }).click();
  await expect(page).toHaveURL(/\/account\/security$/);
});
