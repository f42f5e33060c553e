import { expect, test, type Page } from "./fixtures";
import { addProductThroughApi, buyNowOnHomePage, E2E_ADDRESS, expectNoAxeViolations, fillAddress, registerThroughPage, signInAsAdmin } from "./helpers";

type Product = { id: string; name: string; priceCents: number; currency: string; stock: number; minOrderQuantity: number };

const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

async function productFromApi(page: Page, id: string): Promise<Product> {
  const response = await page.request.get(`/api/products/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Product;
}

test("order a tool from the home page with a shipping address, then cancel the order from My Orders", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  // A tool of its own, which the home page leads with as the newest: the home page's first tool is
  // otherwise one another test has just added and orders from, and the stock moved between the readings.
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await signInAsAdmin(adminPage, baseURL);
  const origin = { origin: baseURL ?? "" };
  const { id: productId, name } = await addProductThroughApi(adminPage, baseURL, { name: "Order Spokeshave", priceCents: 2350, stock: 40, minOrderQuantity: 2 });
  const before = await productFromApi(page, productId);

  const email = await registerThroughPage(page, "Olive Orderer");
  await (await buyNowOnHomePage(page, name)).click();
  await expect(page).toHaveURL(new RegExp(`/purchasePages/${productId}$`));
  await expect(page).toHaveTitle("ToolForge | Purchase");
  await expect(page.getByRole("heading", { level: 1, name: before.name })).toBeVisible();
  await expect(page.getByText(`Available stock: ${before.stock}`)).toBeVisible();
  await expect(page.getByText(`Minimum order: ${before.minOrderQuantity} ${before.minOrderQuantity === 1 ? "unit" : "units"}`)).toBeVisible();
  await expect(page.getByText(money(before.priceCents)).first()).toBeVisible();

  await expect(page.getByLabel("Product")).toHaveValue(before.name);
  await expect(page.getByLabel("Product")).toBeDisabled();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Email")).not.toBeEditable();
  // A first order: the recipient starts as the account's name; the rest is the customer's to fill in.
  await expect(page.getByLabel("Full name")).toHaveValue("Olive Orderer");
  await expect(page.getByLabel("Address line 1")).toHaveValue("");
  const quantity = page.getByLabel("Quantity", { exact: true });
  await expect(quantity).toHaveAttribute("placeholder", `Minimum Order ${before.minOrderQuantity}`);
  // The hint says the range with thousands separated, as the product page does.
  await expect(page.getByText(`Between ${before.minOrderQuantity.toLocaleString("en-US")} and ${before.stock.toLocaleString("en-US")} units.`)).toBeVisible();
  await expect(quantity).toHaveAttribute("min", String(before.minOrderQuantity));
  await expect(quantity).toHaveAttribute("max", String(before.stock));
  const total = page.getByTestId("order-total");
  await expect(total).toHaveText("Total: —");
  // The e2e shop charges no shipping (SHIPPING_FLAT_CENTS unset); the total is what the server will charge.
  await expect(page.getByTestId("order-shipping")).toHaveText("Shipping: Free");
  await expectNoAxeViolations(page);

  await page.getByLabel("Contact Number").fill("+1 555 010 0199");
  await fillAddress(page);
  await quantity.fill(String(before.minOrderQuantity));
  await expect(total).toHaveText(`Total: ${money(before.priceCents * before.minOrderQuantity)}`);
  const ordered = before.minOrderQuantity + 1;
  await quantity.fill(String(ordered));
  await expect(total).toHaveText(`Total: ${money(before.priceCents * ordered)}`);

  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText("Order placed")).toBeVisible();
  // Paying comes next, on the order's payment page.
  await expect(page).toHaveURL(/\/dashboard\/payment\/ord_/);
  await expect(page.getByRole("region", { name: "Order summary" })).toContainText(/Order TF-\d+/);
  await expect(page.getByText(E2E_ADDRESS.line1)).toBeVisible();
  expect((await productFromApi(page, productId)).stock).toBe(before.stock - ordered);

  await page.goto("/dashboard/myorders");
  await expect(page).toHaveTitle("ToolForge | My Orders");
  const table = page.getByRole("table", { name: /your orders/i });
  for (const header of ["Order", "Items", "Total", "Status", "Shipping", "Action"]) {
    await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  const row = table.getByRole("row").filter({ hasText: before.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${before.name} ×${ordered}`);
  await expect(row).toContainText(money(before.priceCents * ordered));
  await expect(row).toContainText("Awaiting payment");
  await expect(row.getByRole("link", { name: /^Pay/ })).toHaveAttribute("href", /^\/dashboard\/payment\/ord_/);
  await expectNoAxeViolations(page);

  const cancel = row.getByRole("button", { name: /^Cancel/ });
  await cancel.click();
  const dialog = page.getByRole("dialog", { name: /^Cancel order TF-\d+\?$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Its ${ordered} units go back into stock`);
  await expect(dialog.getByRole("button", { name: "Keep order" })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Keep order" }).click();
  await expect(page.getByText("Not cancelled")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();

  // Escape answers "No" too, and the focus stays inside the dialog while it is open.
  await cancel.click();
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();

  await cancel.click();
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByText("Order cancelled")).toBeVisible();
  // Orders are never deleted: the row stays, cancelled, with nothing left to do but read it.
  await expect(row).toContainText("Cancelled");
  await expect(row.getByRole("button", { name: /^Cancel/ })).toHaveCount(0);
  // The button went with the change: the keyboard is on the order's number in the same row.
  await expect(row.getByRole("link", { name: /^TF-\d+$/ })).toBeFocused();
  expect((await productFromApi(page, productId)).stock).toBe(before.stock);

  await adminPage.request.delete(`/api/products/${productId}`, { headers: origin });
  await admin.close();
});

test("the purchase form explains a quantity outside the product's range", async ({ page }) => {
  await registerThroughPage(page, "Quinn Quinlan");
  const list = (await (await page.request.get("/api/products?sort=name")).json()) as { items: Product[] };
  const product = list.items.find((item) => item.minOrderQuantity > 1 && item.stock > item.minOrderQuantity) ?? list.items[0];
  if (!product) throw new Error("the sample catalog is empty");
  await page.goto(`/purchasePages/${product.id}`);

  const message = `Order between ${product.minOrderQuantity} and ${product.stock} units`;
  const quantity = page.getByLabel("Quantity", { exact: true });
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText("Enter your contact number")).toBeVisible();
  await expect(page.getByText("Enter the number of units as a whole number")).toBeVisible();
  await expect(quantity).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Contact Number").fill("+1 555 010 0199");
  await quantity.fill(String(product.minOrderQuantity - 1));
  await expect(page.getByText(message)).toBeVisible();
  await quantity.fill(String(product.stock + 1));
  await expect(page.getByText(message)).toBeVisible();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(new RegExp(`/purchasePages/${product.id}$`));
  await quantity.fill(String(product.minOrderQuantity));
  await expect(page.getByText(message)).toBeHidden();
  await expect(page.getByTestId("order-total")).toHaveText(`Total: ${money(product.priceCents * product.minOrderQuantity)}`);
});

test("the server's answer shows on the form when the stock changed meanwhile", async ({ page }) => {
  await registerThroughPage(page, "Sasha Stale");
  // The dearest tool: the other spec files, running alongside, buy cheaper ones (an exact stock is checked).
  const list = (await (await page.request.get("/api/products?sort=price-desc")).json()) as { items: Product[] };
  const product = list.items[0];
  if (!product) throw new Error("the sample catalog is empty");
  await page.goto(`/purchasePages/${product.id}`);
  await page.getByLabel("Contact Number").fill("+1 555 010 0199");
  await fillAddress(page);
  await page.getByLabel("Quantity", { exact: true }).fill(String(product.stock));

  // Someone else (here: the same customer through the API) buys units after the page was loaded.
  const origin = new URL(page.url()).origin;
  const other = await page.request.post("/api/orders", {
    data: { productId: product.id, quantity: product.minOrderQuantity, phone: "+1 555 010 0100", shippingAddress: E2E_ADDRESS },
    headers: { origin },
  });
  expect(other.status()).toBe(201);

  await page.getByRole("button", { name: "Place order" }).click();
  const left = product.stock - product.minOrderQuantity;
  await expect(page.getByRole("alert").filter({ hasText: `Only ${left} units are left.` })).toBeVisible();
  await expect(page.getByText(`Order between ${product.minOrderQuantity} and ${left} units`).first()).toBeVisible();
  await expect(page.getByText(`Available stock: ${left}`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/purchasePages/${product.id}$`));

  // Put the catalog back as it was for the other tests.
  const mine = (await (await page.request.get("/api/orders")).json()) as { items: { id: string }[] };
  for (const order of mine.items) {
    expect((await page.request.post(`/api/orders/${order.id}/cancel`, { headers: { origin } })).status()).toBe(200);
  }
});

test("signed out in another tab, the purchase page says so instead of blaming the connection", async ({ page }) => {
  await registerThroughPage(page, "Otis Outside");
  const list = (await (await page.request.get("/api/products?sort=name")).json()) as { items: Product[] };
  const product = list.items.find((p) => p.stock >= p.minOrderQuantity);
  if (!product) throw new Error("no tool in stock");
  await page.goto(`/purchasePages/${product.id}`);
  await page.getByLabel("Contact Number").fill("+1 555 010 0199");
  await fillAddress(page);
  await page.getByLabel("Quantity", { exact: true }).fill(String(product.minOrderQuantity));
  // Another tab of the same browser signs out: the cookie is gone for this one too.
  const origin = new URL(page.url()).origin;
  expect((await page.request.post("/api/auth/sign-out", { data: {}, headers: { origin } })).ok()).toBe(true);

  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "You are not signed in any more." })).toBeVisible();
  await expect(page.getByText("We couldn't reach the server")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/purchasePages/${product.id}`));
});
