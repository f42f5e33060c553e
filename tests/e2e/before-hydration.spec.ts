// What a person does in the moment between the first paint and React taking the page over (ADR 041):
// the shop's after-paint loader keeps it and does it again once React has hydrated (ADR 050). These
// tests use Playwright's own page, not ./fixtures, whose navigations wait for hydration: here the
// click must come before it. Next's chunks are held until the test lets them through.
import { expect, test, type Page } from "@playwright/test";
import { keyFromTotpUri, totpCode } from "@/tests/fixtures/totp";
import { browseFromOwnAddress, E2E_ADDRESS, fillAddress, photoFile, registerThroughApi, signInAsAdmin, uniqueEmail } from "./helpers";

/**
 * Holds Next's chunks until `release()`: every one, or with `marker` only those whose code contains it
 * (React then starts, and that part waits). `held()` counts the chunks held so far.
 */
async function holdScripts(page: Page, marker?: string): Promise<{ release: () => void; held: () => number }> {
  let release = () => {};
  let held = 0;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/chunks\/.+\.js$/, async (route) => {
    if (marker === undefined) {
      held += 1;
      await released;
      await route.continue();
      return;
    }
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(marker)) {
      held += 1;
      await released;
    }
    await route.fulfill({ response, body });
  });
  return { release, held: () => held };
}

const reactHasStarted = (page: Page) => page.evaluate(() => Object.keys(document).some((key) => key.startsWith("_reactListening")));

/** Opens the catalog with Next's chunks held and taps its first Add to cart, which waits. Answers the tool's name. */
async function tapAddToCartEarly(page: Page): Promise<{ scripts: Awaited<ReturnType<typeof holdScripts>>; name: string }> {
  const scripts = await holdScripts(page);
  await page.goto("/servicedata", { waitUntil: "domcontentloaded" });
  const add = page.getByRole("button", { name: /^Add to cart: / }).first();
  const name = ((await add.getAttribute("aria-label")) ?? "").replace(/^Add to cart: /, "");
  await add.click();
  return { scripts, name };
}

test("an Add to cart tapped before the scripts have run adds the tool once they have", async ({ page }) => {
  const { scripts, name } = await tapAddToCartEarly(page);
  expect(await reactHasStarted(page)).toBe(false);

  scripts.release();
  await expect(page.getByText(`${name} added to your cart`)).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
});

test("the catalog a person sees at the first paint is the one that stays: no copy of it is swapped in later", async ({ page }) => {
  // React streams a large boundary as a segment of its own and reveals it up to 300 ms after the first
  // paint (ADR 038's amendment), with inline scripts that run though Next's chunks are held. Were the
  // catalog such a segment, the Add to cart shown first would leave the page then, and a tap held on
  // it (ADR 050) with it. The first such button the parser makes is kept, to be looked at afterwards.
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      const button = document.querySelector("button[aria-label^='Add to cart: ']");
      if (!button) return;
      (window as unknown as { firstAdd: Element }).firstAdd = button;
      seen.disconnect();
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  const scripts = await holdScripts(page);
  await page.goto("/servicedata", { waitUntil: "domcontentloaded" });
  await page.waitForFunction(() => document.querySelector("div[hidden][id^='S:']") === null);
  expect(await page.evaluate(() => (window as unknown as { firstAdd?: Element }).firstAdd?.isConnected)).toBe(true);
  scripts.release();

  // Whether React streams a boundary apart depends on timing (it did under the load of a CI run), so the
  // HTML is read too: the catalog sits in no boundary (React marks one <!--$-->…<!--/$-->, <!--$?--> while
  // it streams), and each card is in it once.
  const html = await (await page.request.get("/servicedata")).text();
  const beforeFirstCard = html.slice(html.indexOf("<main"), html.indexOf('aria-label="Add to cart: '));
  const opened = beforeFirstCard.match(/<!--\$[?!~]?-->/g)?.length ?? 0;
  const closed = beforeFirstCard.match(/<!--\/\$-->/g)?.length ?? 0;
  expect(opened - closed).toBe(0);
  const labels = html.match(/aria-label="Add to cart: [^"]*"/g) ?? [];
  expect(labels.length).toBeGreaterThan(0);
  expect(new Set(labels).size).toBe(labels.length);
});

test("the cart link followed while an early Add to cart waits goes after it: the cart shows the tool", async ({ page }) => {
  const { scripts, name } = await tapAddToCartEarly(page);
  await page.getByTestId("cart-link").click();
  expect(await reactHasStarted(page)).toBe(false);
  // The link waits behind the held tap: no move yet, and a bar across the top says both were taken.
  expect(new URL(page.url()).pathname).toBe("/servicedata");
  await expect(page.locator("html")).toHaveAttribute("data-waiting", "");

  scripts.release();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { name: /cart/i, level: 1 })).toBeVisible();
  await expect(page.getByRole("main").getByText(name).first()).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await expect(page.locator("html")).not.toHaveAttribute("data-waiting");
});

test("with no action waiting, a link before the scripts have run is the browser's", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/servicedata", { waitUntil: "domcontentloaded" });
  await page.getByTestId("cart-link").click();
  await expect(page).toHaveURL(/\/cart$/);
  scripts.release();
});

test("a registration sent before the scripts have run is kept, sent once they have, and never put in the address", async ({ page }) => {
  await browseFromOwnAddress(page);
  const scripts = await holdScripts(page);
  await page.goto("/register", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Name").fill("Early Bird");
  await page.getByLabel("Email").fill(uniqueEmail("early"));
  await page.getByLabel("Password").fill("a-long-password");
  await page.getByLabel(/profile photo/i).setInputFiles(await photoFile());
  await page.getByRole("button", { name: /create account|register/i }).click();
  expect(await reactHasStarted(page)).toBe(false);
  // The browser's own submit was stopped: still the same page, with what was typed.
  expect(new URL(page.url()).search).toBe("");
  await expect(page.getByLabel("Name")).toHaveValue("Early Bird");

  scripts.release();
  await expect(page.getByText("Account created")).toBeVisible();
  await expect(page.getByTestId("user-menu")).toBeVisible();
  expect(page.url()).not.toContain("password");
});

test("a form sent after React has started, while the form's own code is still downloading, is kept too", async ({ page }) => {
  await browseFromOwnAddress(page);
  // The registration form's code: the chunk that posts to /api/register.
  const formCode = await holdScripts(page, "/api/register");
  await page.goto("/register", { waitUntil: "domcontentloaded" });
  await expect.poll(() => reactHasStarted(page)).toBe(true);
  expect(formCode.held()).toBeGreaterThan(0);
  await page.getByLabel("Name").fill("Late Chunk");
  await page.getByLabel("Email").fill(uniqueEmail("late-chunk"));
  await page.getByLabel("Password").fill("a-long-password");
  await page.getByLabel(/profile photo/i).setInputFiles(await photoFile());
  await page.getByRole("button", { name: /create account|register/i }).click();
  // Not sent the browser's way: the page did not reload, and what was typed is still there.
  await expect(page.getByLabel("Name")).toHaveValue("Late Chunk");

  formCode.release();
  await expect(page.getByText("Account created")).toBeVisible();
  await expect(page.getByTestId("user-menu")).toBeVisible();
});

test("words typed in the catalog's search before the scripts have run are still there once they have", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/servicedata", { waitUntil: "domcontentloaded" });
  const search = page.getByLabel("Search tools");
  await search.pressSequentially("spoke");
  scripts.release();
  await expect.poll(() => reactHasStarted(page)).toBe(true);
  await page.waitForTimeout(500);
  await expect(search).toHaveValue("spoke");
  // And the field is React's: what it holds is what Search sends.
  await search.press("Enter");
  await expect(page).toHaveURL(/\?q=spoke/);
});

test("a returning customer's last address is on the purchase page before the scripts run, and what is typed over it then is what is ordered", async ({ page, baseURL }) => {
  await registerThroughApi(page, baseURL, "Ada Early");
  const list = (await (await page.request.get("/api/products?sort=name")).json()) as { items: { id: string; stock: number; minOrderQuantity: number }[] };
  const product = list.items.find((p) => p.stock >= 2 * p.minOrderQuantity);
  if (!product) throw new Error("no product with stock for two orders");
  // A first order, so the page starts from its contact number and address.
  const first = await page.request.post("/api/orders", {
    data: { productId: product.id, quantity: product.minOrderQuantity, phone: "+1 555 010 0144", shippingAddress: E2E_ADDRESS },
    headers: { origin: baseURL ?? "" },
  });
  expect(first.status()).toBe(201);

  const scripts = await holdScripts(page);
  await page.goto(`/purchasePages/${product.id}`, { waitUntil: "domcontentloaded" });
  // The saved values are in the page as it is first shown, not written in once React has started.
  const line1 = page.getByLabel("Address line 1");
  await expect(line1).toHaveValue(E2E_ADDRESS.line1);
  await expect(page.getByLabel("Contact Number")).toHaveValue("+1 555 010 0144");
  await expect(page.getByLabel("Postal code")).toHaveValue(E2E_ADDRESS.postalCode);
  expect(await reactHasStarted(page)).toBe(false);
  await line1.fill("7 Bench Lane");
  scripts.release();
  await expect.poll(() => reactHasStarted(page)).toBe(true);
  await page.waitForTimeout(500);
  await expect(line1).toHaveValue("7 Bench Lane");
  await expect(page.getByLabel("City")).toHaveValue(E2E_ADDRESS.city);

  await page.getByLabel("Quantity").fill(String(product.minOrderQuantity));
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  const orders = (await (await page.request.get("/api/orders")).json()) as { items: { shippingAddress: { line1: string; city: string } }[] };
  expect(orders.items[0]?.shippingAddress).toMatchObject({ line1: "7 Bench Lane", city: E2E_ADDRESS.city });
});

test("Edit Product shows the product's values before the scripts run, and warns about a minimum typed then", async ({ page, baseURL }) => {
  await signInAsAdmin(page, baseURL);
  const list = (await (await page.request.get("/api/products?sort=name")).json()) as {
    items: { id: string; name: string; description: string; priceCents: number; stock: number; minOrderQuantity: number }[];
  };
  const product = list.items[0];
  if (!product) throw new Error("the sample catalog is empty");
  const scripts = await holdScripts(page);
  await page.goto(`/dashboard/manageProducts/${product.id}`, { waitUntil: "domcontentloaded" });
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(product.name);
  await expect(page.getByLabel("Available stock")).toHaveValue(String(product.stock));
  await expect(page.getByLabel("Minimum order quantity")).toHaveValue(String(product.minOrderQuantity));
  await expect(page.getByLabel("Price (USD)")).toHaveValue((product.priceCents / 100).toFixed(2));
  await expect(page.getByLabel("Description")).toHaveValue(product.description);
  expect(await reactHasStarted(page)).toBe(false);
  // A minimum typed then, above the stock, gets the form's warning once the scripts have run.
  const minimum = page.getByLabel("Minimum order quantity");
  await minimum.fill(String(product.stock + 1));
  scripts.release();
  await expect.poll(() => reactHasStarted(page)).toBe(true);
  await expect(minimum).toHaveValue(String(product.stock + 1));
  await expect(page.getByText(/^Customers cannot order this tool until the stock reaches/)).toBeVisible();
});

test("a review typed before the scripts run is counted and previewed once they have", async ({ page, baseURL }) => {
  await registerThroughApi(page, baseURL, "Rae Early");
  const scripts = await holdScripts(page);
  await page.goto("/dashboard/addReview", { waitUntil: "domcontentloaded" });
  await expect(page.getByTestId("review-text-count")).toHaveText("0 / 1000 characters");
  expect(await reactHasStarted(page)).toBe(false);
  const text = "Typed before the scripts: the block plane takes a fine shaving.";
  await page.getByLabel("Your review").fill(text);
  scripts.release();
  await expect.poll(() => reactHasStarted(page)).toBe(true);
  await expect(page.getByLabel("Your review")).toHaveValue(text);
  await expect(page.getByTestId("review-text-count")).toHaveText(`${text.length} / 1000 characters`);
  await expect(page.getByRole("region", { name: "Preview" }).getByText(text)).toBeVisible();
});

test("a quantity typed before the scripts run is the one the total shows and the order is placed for", async ({ page, baseURL }) => {
  await registerThroughApi(page, baseURL, "Quinn Early");
  const list = (await (await page.request.get("/api/products?sort=name")).json()) as { items: { id: string; stock: number; minOrderQuantity: number }[] };
  const product = list.items.find((p) => p.stock >= p.minOrderQuantity + 1);
  if (!product) throw new Error("no product with stock above its minimum");
  const quantity = product.minOrderQuantity + 1;

  // Coming from the product page with its minimum chosen, the page starts from that quantity's total.
  const purchasePage = `/purchasePages/${product.id}?quantity=${product.minOrderQuantity}`;
  // The total for the other quantity, as the page works it out once it is running.
  await page.goto(purchasePage);
  const total = page.getByTestId("order-total");
  const startingTotal = (await total.textContent()) ?? "";
  expect(startingTotal).toMatch(/^Total: \$/);
  await expect(async () => {
    // Typed afresh each try: a fill before the page was ready would leave nothing changed to notice.
    await page.getByLabel("Quantity").fill("");
    await page.getByLabel("Quantity").fill(String(quantity));
    await expect(total).not.toHaveText(startingTotal, { timeout: 1_000 });
  }).toPass();
  const totalForQuantity = (await total.textContent()) ?? "";

  const scripts = await holdScripts(page);
  await page.goto(purchasePage, { waitUntil: "domcontentloaded" });
  await expect(total).toHaveText(startingTotal);
  await expect(page.getByLabel("Quantity")).toHaveValue(String(product.minOrderQuantity));
  expect(await reactHasStarted(page)).toBe(false);
  await page.getByLabel("Quantity").fill(String(quantity));
  await page.getByLabel("Contact Number").fill("+1 555 010 0177");
  await fillAddress(page);
  scripts.release();
  await expect.poll(() => reactHasStarted(page)).toBe(true);
  await expect(total).toHaveText(totalForQuantity);

  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  const orders = (await (await page.request.get("/api/orders")).json()) as { items: { quantity: number }[] };
  expect(orders.items[0]?.quantity).toBe(quantity);
});

test("a quantity typed on a product page before the scripts run is the one Buy now takes", async ({ page }) => {
  const product = (await (await page.request.get("/api/products/prd_claw_hammer_16oz")).json()) as { minOrderQuantity: number; stock: number };
  const quantity = product.minOrderQuantity + 2;
  expect(product.stock).toBeGreaterThanOrEqual(quantity);
  const scripts = await holdScripts(page);
  await page.goto("/products/prd_claw_hammer_16oz", { waitUntil: "domcontentloaded" });
  const buyNow = page.getByRole("link", { name: /^Buy now: \d+ × / });
  await expect(buyNow).toHaveAttribute("href", `/purchasePages/prd_claw_hammer_16oz?quantity=${product.minOrderQuantity}`);
  expect(await reactHasStarted(page)).toBe(false);
  await page.getByLabel("Quantity").fill(String(quantity));
  scripts.release();
  await expect.poll(() => reactHasStarted(page)).toBe(true);
  await expect(page.getByLabel("Quantity")).toHaveValue(String(quantity));
  await expect(buyNow).toHaveAttribute("href", `/purchasePages/prd_claw_hammer_16oz?quantity=${quantity}`);
  await expect(buyNow).toHaveAccessibleName(new RegExp(`^Buy now: ${quantity} × `));
});

test("words typed in the header's search before the scripts run are what Enter searches for", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const scripts = await holdScripts(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  // The header's own field; the phone layout's copy sits in a hidden panel.
  const find = page.getByLabel("Find a tool").filter({ visible: true });
  await find.fill("spoke");
  expect(await reactHasStarted(page)).toBe(false);
  scripts.release();
  await expect.poll(() => reactHasStarted(page)).toBe(true);
  await expect(find).toHaveValue("spoke");
  await find.press("Enter");
  await expect(page).toHaveURL(/\/servicedata\?q=spoke$/);
});

test("an address typed in the newsletter form before the scripts run is the one Subscribe sends", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const address = uniqueEmail();
  await page.getByPlaceholder("Your Email").fill(address);
  expect(await reactHasStarted(page)).toBe(false);
  scripts.release();
  await expect.poll(() => reactHasStarted(page)).toBe(true);
  const sent = page.waitForRequest((request) => request.url().endsWith("/api/newsletter") && request.method() === "POST");
  await page.getByRole("button", { name: "Subscribe" }).click();
  expect(JSON.parse((await sent).postData() ?? "{}")).toEqual({ email: address });
  await expect(page.getByText("Thanks — unless you're already on the list, check your inbox and confirm from the link we sent.")).toBeVisible();
});

test("a code typed on the second sign-in step before the scripts run is the one Verify sends", async ({ page, baseURL }) => {
  const email = await registerThroughApi(page, baseURL, "Tam Early");
  const origin = { origin: baseURL ?? "" };
  // Two-factor on, through the same calls as the account's security page.
  const enabled = await page.request.post("/api/auth/two-factor/enable", { data: { password: "a-long-password" }, headers: origin });
  expect(enabled.status()).toBe(200);
  const key = keyFromTotpUri(((await enabled.json()) as { totpURI: string }).totpURI);
  const confirmed = await page.request.post("/api/auth/two-factor/verify-totp", { data: { code: totpCode(key) }, headers: origin });
  expect(confirmed.status()).toBe(200);
  await page.context().clearCookies();
  await browseFromOwnAddress(page);
  const password = await page.request.post("/api/auth/sign-in/email", { data: { email, password: "a-long-password" }, headers: origin });
  expect(await password.json()).toMatchObject({ twoFactorRedirect: true });

  // The page a provider's sign-in comes back to draws the step on the server.
  const scripts = await holdScripts(page);
  await page.goto("/login?step=two-factor&next=/dashboard/myorders", { waitUntil: "domcontentloaded" });
  expect(await reactHasStarted(page)).toBe(false);
  // The code just used to turn it on is spent: an app a step ahead shows the next one.
  await page.getByLabel("Code from your authenticator app").fill(totpCode(key, 1));
  scripts.release();
  await expect.poll(() => reactHasStarted(page)).toBe(true);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Signed in successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myorders$/);
});
