import { addFromProductPage, productWithMinimum, type CartProduct as Product } from "./cart-helpers";
import { expect, test } from "./fixtures";
import { registerThroughPage } from "./helpers";

const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

test("a second Add to cart says how many units it added", async ({ page }) => {
  const product = await productWithMinimum(page);
  await registerThroughPage(page, "Adam Addmore");
  await addFromProductPage(page, product);

  // The product page adds the quantity chosen there: its minimum unless the customer changes it.
  await page.getByRole("button", { name: `Add to cart: ${product.name}` }).click();
  // productWithMinimum has a minimum of 2 or more: "units".
  await expect(page.getByText(`${product.minOrderQuantity.toLocaleString("en-US")} more units of ${product.name} in your cart`)).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByLabel(`Quantity of ${product.name}`)).toHaveValue(String(product.minOrderQuantity * 2));

  // A product card adds one unit at a time.
  await page.goto(`/servicedata?q=${encodeURIComponent(product.name)}`);
  await page.getByRole("button", { name: `Add to cart: ${product.name}` }).first().click();
  await expect(page.getByText(`1 more unit of ${product.name} in your cart`)).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByLabel(`Quantity of ${product.name}`)).toHaveValue(String(product.minOrderQuantity * 2 + 1));
});

test("an Add to cart pressed before the account's cart has arrived adds to it, and the cart page waits for it", async ({ page }) => {
  const product = await productWithMinimum(page);
  await registerThroughPage(page, "Sam Slowline");
  await addFromProductPage(page, product);

  // A slow network: the account's cart takes a second and a half to arrive after the page is up.
  await page.route("**/api/cart", async (route) => {
    if (route.request().method() === "GET") await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto(`/servicedata?q=${encodeURIComponent(product.name)}`);
  const add = page.getByRole("button", { name: `Add to cart: ${product.name}` }).first();
  await add.click();
  // The click waits for the account's cart instead of starting an empty one in the browser.
  await expect(add).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByText(`1 more unit of ${product.name} in your cart`)).toBeVisible();

  await page.goto("/cart");
  await expect(page.getByText("Loading your cart…")).toBeVisible();
  await expect(page.getByText("Your cart is empty.")).toHaveCount(0);
  await expect(page.getByLabel(`Quantity of ${product.name}`)).toHaveValue(String(product.minOrderQuantity + 1));
  await page.unroute("**/api/cart");
});

test("while a typed quantity is invalid the cart shows no total and offers no Checkout", async ({ page }) => {
  const product = await productWithMinimum(page);
  await registerThroughPage(page, "Quinn Quantity");
  await addFromProductPage(page, product);

  await page.goto("/cart");
  const row = page.locator(`tr[data-product-id="${product.id}"]`);
  const quantity = row.getByLabel(`Quantity of ${product.name}`);
  const lineTotal = row.getByTestId("line-total");
  const total = page.getByTestId("cart-total");
  const checkout = page.getByRole("link", { name: "Checkout" });
  const fixNote = page.getByText(/^Fix the highlighted quantities/);

  const saved = product.minOrderQuantity + 2;
  await quantity.fill(String(saved));
  await expect(lineTotal).toHaveText(money(product.priceCents * saved));
  await expect(total).toHaveText(money(product.priceCents * saved));
  await expect(checkout).toBeVisible();

  // Below the minimum: the field says so, and nothing on the page still prices or orders the saved quantity.
  await quantity.fill(String(product.minOrderQuantity - 1));
  await expect(row.getByText(new RegExp(`^Order between ${product.minOrderQuantity} and [\\d,]+ units`))).toBeVisible();
  await expect(quantity).toHaveAttribute("aria-invalid", "true");
  await expect(lineTotal).toHaveText("—");
  await expect(total).toHaveText("—");
  await expect(checkout).toHaveCount(0);
  await expect(fixNote).toBeVisible();
  // A screen reader hears it too, without leaving the field.
  const checkoutStatus = page.getByRole("status").filter({ hasText: "Subtotal and checkout are unavailable" });
  await expect(checkoutStatus).toContainText(`Quantity of ${product.name}: Order between ${product.minOrderQuantity} and`);

  // Empty is invalid too.
  await quantity.fill("");
  await expect(total).toHaveText("—");
  await expect(checkout).toHaveCount(0);

  // A valid quantity brings Checkout back, priced and ordered at what the field shows.
  const chosen = product.minOrderQuantity + 1;
  await quantity.fill(String(chosen));
  await expect(lineTotal).toHaveText(money(product.priceCents * chosen));
  await expect(total).toHaveText(money(product.priceCents * chosen));
  await expect(fixNote).toHaveCount(0);
  await expect(checkoutStatus).toHaveCount(0);
  await checkout.click();
  await expect(page).toHaveTitle("ToolForge | Checkout");
  await expect(page.getByTestId("checkout-total")).toHaveText(money(product.priceCents * chosen));
});

test("Remove says what went and leaves the keyboard on the next line, then on the page once the cart is empty", async ({ page }) => {
  const list = (await (await page.request.get("/api/products?sort=name")).json()) as { items: Product[] };
  const [first, second] = list.items.filter((p) => p.stock >= p.minOrderQuantity);
  if (!first || !second) throw new Error("the sample catalog has fewer than two products in stock");
  await registerThroughPage(page, "Remy Remove");
  await addFromProductPage(page, first);
  await page.goto(`/products/${second.id}`);
  await page.getByRole("button", { name: `Add to cart: ${second.name}` }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("2");

  await page.goto("/cart");
  await page.getByRole("button", { name: `Remove ${first.name}` }).press("Enter");
  await expect(page.getByText(`${first.name} removed from your cart`)).toBeVisible();
  await expect(page.getByRole("button", { name: `Remove ${second.name}` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expect(page.locator("main")).toBeFocused();
});

test("a signed-in cart that cannot be read is not shown as empty, and is there again after a reload", async ({ page }) => {
  const product = await productWithMinimum(page);
  await registerThroughPage(page, "Una Unread");
  await addFromProductPage(page, product);

  await page.route("**/api/cart", (route) =>
    route.request().method() === "GET" ? route.fulfill({ status: 503, contentType: "application/json", body: '{"error":{"code":"unavailable","message":"busy"}}' }) : route.continue(),
  );
  await page.goto("/cart");
  await expect(page.getByRole("alert").filter({ hasText: "Your cart could not be loaded. Reload the page to try again." })).toBeVisible();
  await expect(page.getByText("Your cart is empty.")).toHaveCount(0);
  // The header does not count the browser's lines as the cart either.
  await expect(page.getByTestId("cart-count")).toHaveText("!");
  await expect(page.getByTestId("cart-link")).toHaveAccessibleName("Cart, could not be loaded");
  // On a phone the checkout says so above its form, not after it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/checkout");
  const unreadAlert = page.getByRole("region", { name: "Your order" }).getByRole("alert");
  await expect(unreadAlert).toHaveText("Your cart could not be loaded. Reload the page to try again.");
  const alertTop = (await unreadAlert.boundingBox())?.y ?? Infinity;
  const emailTop = (await page.locator("#checkout-email").boundingBox())?.y ?? -Infinity;
  expect(alertTop).toBeLessThan(emailTop);

  await page.unroute("**/api/cart");
  await page.goto("/cart");
  await expect(page.getByLabel(`Quantity of ${product.name}`)).toHaveValue(String(product.minOrderQuantity));
  await expect(page.getByTestId("cart-count")).toHaveText("1");
});
