import { expect, test, type Page } from "./fixtures";
import { E2E_ADDRESS, expectNoAxeViolations, fillAddress, registerThroughPage } from "./helpers";

type Product = { id: string; name: string; priceCents: number; stock: number; minOrderQuantity: number };

const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
const nextYear = String(new Date().getFullYear() + 1);

async function orderable(page: Page, count: number): Promise<Product[]> {
  const list = (await (await page.request.get("/api/products?sort=name")).json()) as { items: Product[] };
  return list.items.filter((p) => p.stock >= p.minOrderQuantity + 2).slice(0, count);
}

async function payInModal(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Card payment" });
  await expect(dialog.getByLabel("Card number")).toBeVisible();
  await dialog.getByLabel("Card number").fill("4242 4242 4242 4242");
  await dialog.getByLabel("Expiry month").fill("12");
  await dialog.getByLabel("Expiry year").fill(nextYear);
  await dialog.getByLabel("CVC").fill("123");
  await dialog.getByRole("button", { name: "Payment", exact: true }).click();
  await expect(page.getByText("Payment successful")).toBeVisible();
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`cart → checkout → pay → receipt (${viewport.name})`, async ({ page }) => {
    // The longest journey in the suite (two pages of axe checks, sign-up, checkout, payment).
    test.setTimeout(180_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const products = await orderable(page, 2);
    expect(products).toHaveLength(2);
    const [first, second] = products as [Product, Product];

    // A visitor fills a cart before signing up: it lives in the browser.
    await page.goto("/servicedata?sort=name");
    await page.getByRole("button", { name: `Add to cart: ${first.name}` }).click();
    await expect(page.getByText(`${first.name} added to your cart`)).toBeVisible();
    await page.getByRole("button", { name: `Add to cart: ${second.name}` }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("2");

    await page.goto("/cart");
    const row = page.locator(`tr[data-product-id="${first.id}"]`);
    await expect(row).toContainText(first.name);
    const quantity = row.getByLabel(`Quantity of ${first.name}`);
    // Far above the stock: other spec files run alongside and may have bought some since the list was
    // read, or cancelled an order and put a few units back (stock + 1 was then in range).
    await quantity.fill(String(first.stock + 1_000));
    await expect(row.getByText(new RegExp(`^Order between ${first.minOrderQuantity} and [\\d,]+ units`))).toBeVisible();
    await quantity.fill(String(first.minOrderQuantity + 1));
    await expect(row.getByTestId("line-total")).toHaveText(money(first.priceCents * (first.minOrderQuantity + 1)));
    const total = first.priceCents * (first.minOrderQuantity + 1) + second.priceCents * second.minOrderQuantity;
    await expect(page.getByTestId("cart-total")).toHaveText(money(total));
    await expectNoAxeViolations(page);

    // Signing up joins the browser's cart to the account.
    await registerThroughPage(page, `Cara ${viewport.name}`);
    await expect(page.getByTestId("cart-count")).toHaveText("2");
    await page.goto("/checkout");
    await expect(page).toHaveTitle("ToolForge | Checkout");
    await expect(page.getByTestId("checkout-shipping")).toHaveText("Free");
    await expect(page.getByTestId("checkout-total")).toHaveText(money(total));
    await page.getByLabel("Contact Number").fill("+1 555 010 0123");
    await fillAddress(page);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: `Place order and pay ${money(total)}` }).click();
    await expect(page.getByText("Order placed")).toBeVisible();
    await payInModal(page);

    await expect(page).toHaveURL(/\/dashboard\/orders\/ord_/);
    await expect(page.getByRole("heading", { level: 1, name: /^Receipt for order TF-\d+$/ })).toBeVisible();
    await expect(page.getByText(first.name)).toBeVisible();
    await expect(page.getByText(second.name)).toBeVisible();
    await expect(page.getByTestId("order-grand-total")).toHaveText(money(total));
    await expect(page.getByText(E2E_ADDRESS.line1)).toBeVisible();
    await expect(page.getByTestId("payment-reference")).toHaveText(/^tp_/);
    await expect(page.getByTestId("cart-count")).toHaveText("0");
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);
    await expectNoAxeViolations(page);

    // My Orders names it the same way: number, lines summary, total, status.
    await page.goto("/dashboard/myorders");
    const orderRow = page.getByRole("row").filter({ hasText: `${first.name} ×${first.minOrderQuantity + 1} and 1 more` });
    await expect(orderRow).toContainText(money(total));
    await expect(orderRow).toContainText("Paid");
  });
}

test("the checkout's fields can be filled while the cart is read, and a cart that cannot be read is not called empty", async ({ page }) => {
  test.setTimeout(120_000);
  const [product] = await orderable(page, 1);
  if (!product) throw new Error("no orderable product");
  await registerThroughPage(page, "Wendy Waitless");
  await page.goto(`/products/${product.id}`);
  await page.getByRole("button", { name: `Add to cart: ${product.name}` }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  // A slow network: the cart's product details arrive only when the test lets them.
  let letThrough = () => {};
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route("**/api/products/*", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/checkout");
  const summary = page.getByRole("region", { name: "Your order" });
  await expect(summary.getByText("Loading your cart…")).toBeVisible();
  const button = page.getByRole("button", { name: "Loading your cart…" });
  await expect(button).toHaveAttribute("aria-disabled", "true");
  await page.getByLabel("Contact Number").fill("+1 555 010 0144");
  await fillAddress(page);
  await page.getByLabel("Contact Number").press("Enter");
  await expect(page.getByText("Order placed")).toHaveCount(0);

  letThrough();
  const total = money(product.priceCents * product.minOrderQuantity);
  await expect(page.getByRole("button", { name: `Place order and pay ${total}` })).toBeVisible();
  await expect(summary.getByTestId("checkout-total")).toHaveText(total);
  // What was typed while waiting is still there.
  await expect(page.getByLabel("Contact Number")).toHaveValue("+1 555 010 0144");
  await expect(page.getByLabel("Address line 1")).toHaveValue(E2E_ADDRESS.line1);
  await page.unroute("**/api/products/*");

  // The details cannot be read: the page says so and offers nothing to place, rather than "Your cart is empty."
  await page.route("**/api/products/*", (route) => route.fulfill({ status: 503, contentType: "application/json", body: '{"error":{"code":"unavailable","message":"busy"}}' }));
  await page.reload();
  await expect(summary.getByRole("alert")).toHaveText("Your cart could not be loaded. Reload the page to try again.");
  await expect(page.getByText("Your cart is empty.")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Place order|Loading your cart/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.unroute("**/api/products/*");
});
