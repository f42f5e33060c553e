import { expect, test, type Page, type Response } from "./fixtures";
import { E2E_ADDRESS, fillAddress, registerThroughPage, signInAsAdmin } from "./helpers";

/**
 * Security headers on the built shop's pages (API answers: tests/integration/security-headers.test.ts),
 * the enforced nonce-based Content-Security-Policy (ADR 021), and no page breaks it: every violation,
 * enforced or report-only, is reported by the browser as a `securitypolicyviolation` event and a
 * console message, both collected here.
 */

type Product = { id: string; name: string; priceCents: number; stock: number; minOrderQuantity: number };

/** Every CSP violation the page's documents report from now on, whatever the disposition. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    // A header the browser cannot read (an unknown Permissions-Policy feature) is reported the same way.
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|evaluate)|Permissions-Policy header/i.test(text)) seen.push(`${page.url()}: ${text}`);
  });
  await page.exposeFunction("__cspViolation", (line: string) => seen.push(line));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __cspViolation: (line: string) => void }).__cspViolation;
      void report(`${location.pathname}: ${event.disposition} ${event.effectiveDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  // A violation is reported asynchronously: let the last page settle before reading the list.
  return async () => {
    await page.waitForLoadState("networkidle");
    return seen;
  };
}

/**
 * The answer carries the enforced nonce policy, and every script tag (and script preload) of the
 * HTML as sent carries that nonce; the document's scripts carry it too (read as the `nonce` property:
 * browsers hide it from getAttribute).
 */
async function expectNoncePolicy(page: Page, response: Response | null, path: string): Promise<string> {
  expect(response?.status(), path).toBe(200);
  const headers = response!.headers();
  const policy = headers["content-security-policy"] ?? "";
  const nonce = /script-src 'nonce-([A-Za-z0-9+/]{22}==)' 'strict-dynamic' 'self'(;|$)/.exec(policy)?.[1];
  expect(nonce, `${path}: ${policy}`).toBeDefined();
  // Inline scripts run only with the nonce, and no script evaluates strings.
  expect(/script-src [^;]*/.exec(policy)?.[0]).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy-report-only"]).toBeUndefined();
  const html = await response!.text();
  const scriptTags = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scriptTags.length, path).toBeGreaterThan(0);
  for (const tag of scriptTags) expect(tag, path).toContain(`nonce="${nonce}"`);
  for (const tag of html.match(/<link\b[^>]*as="script"[^>]*>/g) ?? []) expect(tag, path).toContain(`nonce="${nonce}"`);
  // In the document: the sent scripts with this nonce; the chunks Next's code added since, without
  // one ('strict-dynamic' trusts what a trusted script loads). No other nonce anywhere.
  const nonces = await page.locator("script").evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).nonce));
  expect(nonces.filter((found) => found === nonce).length, path).toBeGreaterThan(0);
  expect(nonces.filter((found) => found !== nonce && found !== ""), path).toEqual([]);
  return nonce!;
}

/** Visits each page, checks its policy, waits until it has loaded what it loads. */
async function visit(page: Page, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const response = await page.goto(path);
    await expectNoncePolicy(page, response, path);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("banner")).toBeVisible();
  }
}

const PUBLIC_PAGES = ["/", "/servicedata", "/login", "/register", "/login/link", "/forgot-password", "/cart"];

test("public pages carry the security headers and an enforced nonce policy, and log no CSP violation", async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of PUBLIC_PAGES) {
    const response = await page.goto(path);
    const headers = response!.headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["x-powered-by"]).toBeUndefined();
    await expectNoncePolicy(page, response, path);
    await page.waitForLoadState("networkidle");
    // The page is alive: React took over (a client-side link works only once hydrated).
    await expect(page.getByRole("banner")).toBeVisible();
  }
  // Client-side navigation loads the next page's chunks from the running code.
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Service", exact: true }).first().click();
  await expect(page).toHaveURL(/\/servicedata/);
  await page.locator('a[href^="/products/"]').first().click();
  await expect(page).toHaveURL(/\/products\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("every answer has a nonce of its own", async ({ request }) => {
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i += 1) {
    const policy = (await request.get("/")).headers()["content-security-policy"] ?? "";
    nonces.add(/'nonce-([^']+)'/.exec(policy)?.[1] ?? "");
  }
  expect(nonces.size).toBe(3);
  expect(nonces.has("")).toBe(false);
});

test("a product page and a signed-in customer's pages log no CSP violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await registerThroughPage(page);
  await page.goto("/servicedata");
  await page.locator('a[href^="/purchasePages/prd_"]').first().click();
  await expect(page).toHaveURL(/\/purchasePages\/prd_/);
  await page.waitForLoadState("networkidle");
  const product = (await page.request.get("/api/products?sort=name").then((r) => r.json())) as { items: Product[] };
  await visit(page, [`/products/${product.items[0]!.id}`, "/dashboard/myorders", "/dashboard/addReview", "/dashboard/myProfile", "/profile"]);
  expect(await violations()).toEqual([]);
});

test("checkout and the test-mode payment log no CSP violation", async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  const list = (await (await page.request.get("/api/products?sort=name")).json()) as { items: Product[] };
  const product = list.items.find((p) => p.stock >= p.minOrderQuantity + 1)!;
  await page.goto("/servicedata?sort=name");
  await page.getByRole("button", { name: `Add to cart: ${product.name}` }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await registerThroughPage(page, "Cora Csp");
  const checkout = await page.goto("/checkout");
  await expectNoncePolicy(page, checkout, "/checkout");
  await page.getByLabel("Contact Number").fill("+1 555 010 0123");
  await fillAddress(page);
  await page.getByRole("button", { name: /^Place order and pay/ }).click();
  await expect(page.getByText("Order placed")).toBeVisible();
  const dialog = page.getByRole("dialog", { name: "Card payment" });
  await dialog.getByLabel("Card number").fill("4242 4242 4242 4242");
  await dialog.getByLabel("Expiry month").fill("12");
  await dialog.getByLabel("Expiry year").fill(String(new Date().getFullYear() + 1));
  await dialog.getByLabel("CVC").fill("123");
  await dialog.getByRole("button", { name: "Payment", exact: true }).click();
  await expect(page.getByText("Payment successful")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/orders\/ord_/);
  await expect(page.getByText(E2E_ADDRESS.line1)).toBeVisible();
  const orderId = /\/dashboard\/orders\/(ord_[^/?]+)/.exec(page.url())![1]!;
  // The payment page itself, as My Orders links to it.
  await visit(page, [`/dashboard/orders/${orderId}`, `/dashboard/payment/${orderId}`]);
  expect(await violations()).toEqual([]);
});

test("the admin pages log no CSP violation", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  await signInAsAdmin(page, baseURL);
  await visit(page, [
    "/dashboard/manageOrder",
    "/dashboard/addProduct",
    "/dashboard/manageProducts",
    "/dashboard/makeAdmin",
    "/dashboard/messages",
    "/dashboard/reviews",
    "/dashboard/audit",
    "/dashboard/texts",
    "/dashboard/mail",
  ]);
  await page.getByRole("link", { name: "Manage Products" }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/manageProducts/);
  await page.waitForLoadState("networkidle");
  expect(await violations()).toEqual([]);
});

test("the shop cannot be framed and API answers carry the headers", async ({ request }) => {
  const api = await request.get("/api/products");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
  expect(api.headers()["content-security-policy"]).toMatch(/^default-src 'none'/);
  const page = await request.get("/");
  expect(page.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(page.headers()["x-frame-options"]).toBe("DENY");
});

test("an address under /api that no route has answers the API's JSON 404, not the HTML page; better-auth's keep theirs", async ({ request, baseURL }) => {
  for (const method of ["GET", "POST", "DELETE"] as const) {
    const answer = await request.fetch("/api/prodcuts", { method, headers: { origin: baseURL! }, data: method === "GET" ? undefined : {} });
    expect(answer.status(), method).toBe(404);
    expect(answer.headers()["content-type"], method).toContain("application/json");
    expect(((await answer.json()) as { error: { code: string } }).error.code, method).toBe("not_found");
  }
  const auth = await request.get("/api/auth/nope");
  expect(auth.status()).toBe(404);
  expect(((await auth.json()) as { error: { code: string } }).error.code).toBe("not_found");
  // The routes that exist are unchanged.
  expect((await request.get("/api/products")).status()).toBe(200);
});

test("a method a route does not have is a JSON 405 with Allow, before anything reads the body", async ({ request, baseURL }) => {
  const cases = [
    { method: "PUT", path: "/api/products", allow: "GET, HEAD, OPTIONS, POST" },
    { method: "DELETE", path: "/api/cart", allow: "GET, HEAD, OPTIONS, PUT" },
    { method: "GET", path: "/api/orders/ord_x/refund", allow: "OPTIONS, POST" },
    { method: "PATCH", path: "/api/auth/sign-in/email", allow: "GET, HEAD, OPTIONS, POST" },
  ];
  for (const { method, path, allow } of cases) {
    // A body that is not even JSON: the answer comes before anyone reads it.
    const answer = await request.fetch(path, { method, headers: { origin: baseURL!, "content-type": "application/json" }, data: method === "GET" ? undefined : "{not json" });
    expect(answer.status(), `${method} ${path}`).toBe(405);
    expect(answer.headers()["allow"], `${method} ${path}`).toBe(allow);
    expect(answer.headers()["content-type"]).toContain("application/json");
    expect(answer.headers()["x-content-type-options"]).toBe("nosniff");
    expect(await answer.json()).toEqual({ error: { code: "method_not_allowed", message: `${method} is not allowed on ${path}: it answers ${allow}.` } });
  }
  // The methods a route has are unchanged, HEAD and OPTIONS included.
  expect((await request.head("/api/products")).status()).toBe(200);
  const options = await request.fetch("/api/products", { method: "OPTIONS" });
  expect(options.status()).toBe(204);
  expect(options.headers()["allow"]).toBe("GET, HEAD, OPTIONS, POST");
});
