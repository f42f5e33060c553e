import { expect, test } from "./fixtures";
import { expectNoAxeViolations, registerThroughApi, signInAsAdmin, uniqueEmail } from "./helpers";

test("the home page shows every section of the storefront", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("ToolForge | Home");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);

  for (const section of ["hero", "features-banner", "products", "stats", "reviews", "grey", "newsletter", "placeholder-hero", "contact"]) {
    await expect(page.locator(`[data-section="${section}"]`), `section ${section}`).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Get started" }).first()).toBeVisible();
  await expect(page.getByText("YOU'LL BE HAPPY TO SEE OUR AWESOME FEATURES.")).toBeVisible();
  await expect(page.getByText(/Sale 20% off your Collection days/)).toBeVisible();
  await expect(page.getByText("2257+")).toBeVisible();

  const buyNow = page.locator('[data-section="products"]').getByRole("link", { name: /^Buy now/i });
  await expect(buyNow).toHaveCount(8);
  await expect(buyNow.first()).toHaveAttribute("href", /^\/purchasePages\/prd_/);
  await expect(page.locator('[data-section="products"]').getByText(/\$\d+\.\d{2}/).first()).toBeVisible();

  await expect(page.getByPlaceholder("Your Email")).toBeVisible();
  await expect(page.getByRole("button", { name: /subscribe/i })).toBeVisible();
  for (const label of ["Name", "Email Address", "Company name", "Country", "Message"]) {
    await expect(page.locator('[data-section="contact"]').getByLabel(label, { exact: true })).toBeVisible();
  }
  // The shop's year: SHOP_TIME_ZONE is America/Chicago here, a year behind UTC for a few hours at New Year.
  await expect(page.locator("footer")).toContainText(new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", year: "numeric" }).format(new Date()));
  await expectNoAxeViolations(page);

  // The 20% promise leads to where collection days are announced, not to full prices under a sale banner.
  await page.getByRole("link", { name: "Get the collection dates" }).click();
  await expect(page.locator('[data-section="newsletter"]')).toBeInViewport();
  await expect(page.getByPlaceholder("Your Email")).toBeInViewport();
});

test("Next's scripts are fetched only after the page has painted, and then run it (ADR 041)", async ({ page }) => {
  const response = await page.goto("/");
  // The HTML names no chunk for the browser to fetch while it parses: placeholders and one loader.
  const html = (await response?.text()) ?? "";
  expect(html).toContain('type="text/x-toolforge-after-paint"');
  expect(html).not.toMatch(/<script[^>]*\ssrc="\/_next\/static\/chunks\/[^"]+\.js"[^>]*\sasync/);
  expect(html).not.toMatch(/<link[^>]*rel="preload"[^>]*as="script"/);

  // The fixture's goto returned after hydration: the first paint came before any chunk was asked for.
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    chunks: performance
      .getEntriesByType("resource")
      .filter((entry) => /\/_next\/static\/chunks\/[^/]+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  }));
  expect(timing.paint).not.toBeNull();
  expect(timing.chunks.length).toBeGreaterThan(3);
  expect(Math.min(...timing.chunks)).toBeGreaterThanOrEqual(timing.paint ?? Infinity);

  // And the scripts run the page: a client-side form answers.
  await page.getByPlaceholder("Your Email").fill(`after-paint-${Date.now()}@toolforge.test`);
  await page.getByRole("button", { name: /subscribe/i }).click();
  await expect(page.getByText(/check your inbox and confirm/i)).toBeVisible();
});

test("the reviews carousel's bullets, which swiper makes and not React, answer a click (ADR 050 holds only React's)", async ({ page, baseURL }) => {
  // Two reviews, so a phone-width carousel (one card per view) has two bullets.
  for (const name of ["Bea Bullet", "Cal Carousel"]) {
    await registerThroughApi(page, baseURL, name, uniqueEmail("bullet"));
    const reviewed = await page.request.post("/api/reviews", {
      headers: { origin: baseURL ?? "" },
      data: { rating: 5, text: `${name} says the hammers are balanced and true.` },
    });
    expect(reviewed.status()).toBe(201);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  const bullets = page.getByTestId("reviews-carousel").getByRole("button", { name: /^Show review \d+$/ });
  // The home page reads the reviews at request time: reload until both are there.
  const section = page.locator('[data-section="reviews"]');
  await expect
    .poll(
      async () => {
        await page.goto("/");
        return section.getByText("Cal Carousel says").count();
      },
      { timeout: 10_000, intervals: [250, 500, 1000] },
    )
    .toBeGreaterThan(0);
  // The carousel's code loads when the section comes near the window.
  await section.scrollIntoViewIfNeeded();
  await expect(bullets.nth(1)).toBeVisible();
  await bullets.nth(1).click();
  await expect(bullets.nth(1)).toHaveClass(/swiper-pagination-bullet-active/);
  await bullets.nth(0).click();
  await expect(bullets.nth(0)).toHaveClass(/swiper-pagination-bullet-active/);
  // On a phone the bullets have a row of their own under the arrows: between them there is room for
  // about ten, and the home page shows twelve.
  const arrow = await page.getByTestId("reviews-carousel").getByRole("button", { name: "Next reviews" }).boundingBox();
  const bullet = await bullets.nth(0).boundingBox();
  expect(bullet!.y).toBeGreaterThanOrEqual(arrow!.y + arrow!.height);
});

test("the newsletter and contact forms reach the shop", async ({ page }) => {
  await page.goto("/");
  // Empty: said at once, without asking the shop.
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/newsletter")) asked.push(request.url());
  });
  await page.getByRole("button", { name: /subscribe/i }).click();
  await expect(page.getByText("Enter a valid email")).toBeVisible();
  expect(asked).toEqual([]);
  await page.getByPlaceholder("Your Email").fill(`news-${Date.now()}@toolforge.test`);
  await page.getByRole("button", { name: /subscribe/i }).click();
  await expect(page.getByText(/check your inbox and confirm/i)).toBeVisible();

  const contact = page.locator('[data-section="contact"]');
  await contact.getByLabel("Name", { exact: true }).fill("Sam Sawyer");
  await contact.getByRole("button", { name: /send|submit/i }).click();
  await expect(page.getByText("Please fill in every field")).toBeVisible();
  await expect(contact.getByLabel("Name", { exact: true })).toHaveValue("Sam Sawyer");

  await contact.getByLabel("Email Address").fill("sam@toolforge.test");
  await contact.getByLabel("Company name").fill("Sawyer & Sons");
  await contact.getByLabel("Country").fill("Wales");
  await contact.getByLabel("Message").fill("Do you offer trade pricing for 200 hammers?");
  await contact.getByRole("button", { name: /send|submit/i }).click();
  await expect(page.getByText("Thanks — we'll get back to you")).toBeVisible();
});

test("the catalog searches, sorts and links to purchase pages", async ({ page }) => {
  await page.goto("/servicedata");
  await expect(page).toHaveTitle("ToolForge | Catalog");
  await expect(page.getByRole("link", { name: /^Buy now/i }).first()).toBeVisible();
  await page.getByLabel("Search tools").fill("wrench");
  await page.getByLabel("Search tools").press("Enter");
  await expect(page).toHaveURL(/q=wrench/);
  await expect(page).toHaveTitle("ToolForge | Tools matching “wrench”");
  await expect(page.getByRole("link", { name: /^Buy now/i })).toHaveCount(2);
  await page.getByLabel("Sort by").selectOption("price-asc");
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(page.getByRole("link", { name: /^Buy now/i }).first()).toHaveAccessibleName(/Adjustable Wrench/);
  await expectNoAxeViolations(page);
});

test("while a search is on its way the catalog says so: the previous list stays, dimmed, busy and marked Updating…", async ({ page }) => {
  await page.goto("/servicedata");
  const shown = await page.getByRole("link", { name: /^Buy now/i }).count();
  // The server's answer for the new view is held back, as on a slow network.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/servicedata\?q=saw/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel("Search tools").fill("saw");
  await page.getByLabel("Search tools").press("Enter");
  await expect(page.getByText("Updating…")).toBeVisible();
  await expect(page.locator("section[aria-labelledby='catalog-results-heading']")).toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("link", { name: /^Buy now/i })).toHaveCount(shown);

  release();
  await expect(page.getByText(/^\d+ tools? for “saw”$/)).toBeVisible();
  await expect(page.getByText("Updating…")).toBeHidden();
  await expect(page.locator("section[aria-labelledby='catalog-results-heading']")).toHaveAttribute("aria-busy", "false");
});

test("without scripts the catalog still searches and sorts: the server renders the view the URL asks for", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto("/servicedata");
    // The catalog's search is a GET form: Enter sends it as a plain request.
    await page.getByLabel("Search tools").fill("wrench");
    await page.getByLabel("Search tools").press("Enter");
    await expect(page).toHaveURL(/\/servicedata\?q=wrench/);
    await expect(page).toHaveTitle("ToolForge | Tools matching “wrench”");
    await expect(page.getByText("2 tools for “wrench”")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Buy now/i })).toHaveCount(2);
    // A shared link with a sort shows that order in the page as sent.
    await page.goto("/servicedata?q=wrench&sort=price-asc");
    await expect(page.getByRole("link", { name: /^Buy now/i }).first()).toHaveAccessibleName(/Adjustable Wrench/);
    await expect(page.getByLabel("Sort by")).toHaveValue("price-asc");
    // A value the catalog does not know falls back to the default view instead of failing the page.
    await page.goto("/servicedata?sort=sideways&page=-3");
    await expect(page.getByRole("link", { name: /^Buy now/i }).first()).toBeVisible();
    // ...and names the plain catalog as its one address; search results are kept out of the index.
    await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /\/servicedata$/);
    await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(0);
    await page.goto("/servicedata?q=wrench&sort=price-asc&utm=x");
    await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /\/servicedata\?q=wrench&sort=price-asc$/);
    await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(1);
  } finally {
    await context.close();
  }
});

test("a link to a home-page section from elsewhere (the footer, a mail) opens the page at that section", async ({ page }) => {
  // The sections stream in after the document is parsed, so the browser alone stayed at the top.
  await page.goto("/#contact");
  await expect(page.getByRole("heading", { level: 2, name: "Talk to the workshop" })).toBeInViewport();
});

test("an unknown path shows the not-found page with HTTP 404", async ({ page }) => {
  const response = await page.goto("/no-such-tool-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByText(/couldn.t find the page you.re looking for/)).toBeVisible();
  await page.getByRole("link", { name: /back to homepage/i }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("without scripts, a page whose subject is missing or forbidden still shows its message, with its status", async ({ browser, baseURL }) => {
  // Next's notFound() and forbidden() answered an empty document, painted only by the scripts
  // (server/page-status.mjs); these pages now render their message on the server.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const missing = await page.goto("/products/00000000-0000-4000-8000-000000000000");
    expect(missing?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle("ToolForge | Not found");
    await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(1);

    await registerThroughApi(page, baseURL, "Noah Noscript");
    for (const path of ["/dashboard/orders/ord_nope", "/dashboard/payment/ord_nope", "/purchasePages/prd_nope"]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    }
    expect((await page.goto("/dashboard/manageOrder"))?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "You don't have access to this page." })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Orders" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("visitors get the public pages from the server's copy, and an admin's change shows on the next visit", async ({ page, browser, baseURL }) => {
  const product = "/products/prd_tape_measure_8m";
  const original = await (await page.request.get(`/api/products/prd_tape_measure_8m`)).json();
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await signInAsAdmin(adminPage, baseURL);
  const description = `Marked in tenths of a millimetre, checked ${Date.now().toString(36)}.`;
  try {
    // The visitor's requests, back to back (a goto also waits for React, which may take seconds here).
    await page.request.get(product);
    const again = await page.request.get(product);
    expect(["hit", "stale"]).toContain(again.headers()["x-page-cache"]);
    // A copy still gets a nonce of its own on every script tag it sends.
    const nonce = /'nonce-([^']+)'/.exec(again.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const tags = (await again.text()).match(/<script[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
    // And a page from the copy runs (the fixtures wait for React after every goto).
    expect(["hit", "stale"]).toContain((await page.goto(product))?.headers()["x-page-cache"]);

    // The copy would live two seconds more; the change notice drops it as the write commits.
    const patched = await adminPage.request.patch(`/api/products/prd_tape_measure_8m`, { data: { description }, headers: { origin: baseURL ?? "" } });
    expect(patched.status()).toBe(200);
    const after = await page.goto(product);
    expect(after?.headers()["x-page-cache"]).toBe("miss");
    await expect(page.getByText(description)).toBeVisible();
  } finally {
    await adminPage.request.patch(`/api/products/prd_tape_measure_8m`, { data: { description: original.description }, headers: { origin: baseURL ?? "" } });
    await admin.close();
  }
});
