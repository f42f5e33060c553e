import { expect, test, type Page } from "./fixtures";
import sharp from "sharp";
import { addProductThroughApi, ADMIN_EMAIL, buyNowOnHomePage, expectNoAxeViolations, registerThroughPage, signInAsAdmin, subscribeConfirmed, verifyEmailThroughMail } from "./helpers";
import { E2E_ADDRESS, fillAddress } from "./helpers";

const nextYear = String(new Date().getFullYear() + 1);
const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

/**
 * Signs the page in as the shop's admin (listed in ADMIN_EMAILS, admin once its address is verified
 * through the mail): registered the first time, signed in afterwards.
 */
async function becomeAdmin(page: Page, baseURL: string | undefined): Promise<void> {
  await signInAsAdmin(page, baseURL);
}

async function productPhoto(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#1e3a5f" } })
    .composite([{ input: Buffer.from('<svg width="320" height="240"><rect x="60" y="90" width="200" height="60" fill="#c2410c"/></svg>'), top: 0, left: 0 }])
    .png()
    .toBuffer();
  return { name: "mallet.png", mimeType: "image/png", buffer };
}

test("an admin adds a product, a customer buys and pays it, the admin ships the order and deletes the product", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const name = `Rubber Mallet ${Date.now().toString(36)}`;
  await becomeAdmin(page, baseURL);

  // /dashboard takes an admin to Manage Order; the menu has every admin tool.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/manageOrder$/);
  await expect(page).toHaveTitle("ToolForge | Manage Order");
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  for (const label of ["Manage Order", "Add Product", "Manage Products", "Make Admin", "Messages", "Reviews", "Audit log"]) {
    await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole("link", { name: "My Orders" })).toHaveCount(0);

  // Add Product: every field is required, the photo must be an image of at most 5 MB.
  await menu.getByRole("link", { name: "Add Product", exact: true }).click();
  await expect(page).toHaveTitle("ToolForge | Add Product");
  await expect(menu.getByRole("link", { name: "Add Product", exact: true })).toHaveAttribute("aria-current", "page");
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByText("Enter the product name")).toBeVisible();
  await expect(page.getByText("Enter the available stock as a whole number")).toBeVisible();
  await expect(page.getByText("Enter the minimum order quantity as a whole number")).toBeVisible();
  await expect(page.getByText("Add a product photo")).toBeVisible();
  await expect(page.getByText("Enter a price above 0 with at most 2 decimals, e.g. 24.99")).toBeVisible();
  await expect(page.getByText("Describe the product")).toBeVisible();
  await expect(page.getByLabel("Name")).toBeFocused();
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

  const photo = page.getByLabel("Photo", { exact: true });
  await photo.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
  await expect(page.getByText("Choose an image file (JPEG, PNG, WebP, GIF or AVIF)")).toBeVisible();
  await photo.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(page.getByText("Images must be 5 MB or smaller.")).toBeVisible();

  await page.getByLabel("Name").fill(name);
  // A minimum above the stock is allowed, and said: the tool would show as out of stock.
  await page.getByLabel("Available stock").fill("3");
  await page.getByLabel("Minimum order quantity").fill("5");
  const belowMinimum = page.getByTestId("stock-below-minimum");
  await expect(belowMinimum).toHaveText(/until the stock reaches 5 units/);
  await page.getByLabel("Available stock").fill("0");
  await page.getByLabel("Minimum order quantity").fill("1");
  await expect(belowMinimum).toHaveText(/until the stock reaches 1 unit,/);
  // A stock the form refuses has its own message; the warning does not argue with it.
  await page.getByLabel("Available stock").fill("-5");
  await expect(belowMinimum).toBeEmpty();
  await page.getByLabel("Available stock").fill("30");
  await page.getByLabel("Minimum order quantity").fill("2");
  await expect(belowMinimum).toBeEmpty();
  await photo.setInputFiles(await productPhoto());
  await page.getByLabel("Price (USD)").fill("12.50");
  await page.getByLabel("Description").fill("A two-pound rubber mallet that sets tiles and knocks joints home without marking them.");
  // The server's answer to the upload is held back a moment, so the progress bar can be seen.
  await page.route("**/api/uploads", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByRole("progressbar", { name: "Uploading photo" })).toBeVisible();
  await expect(page.getByText("Product added")).toBeVisible();
  await page.unroute("**/api/uploads");
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByLabel("Name")).toHaveValue("");
  await expect(page.getByLabel("Available stock")).toHaveValue("");
  const catalogLink = page.getByRole("link", { name: "View it in the catalog" });
  await expect(catalogLink).toHaveAttribute("href", `/servicedata?q=${encodeURIComponent(name)}`);
  const editHref = await page.getByRole("link", { name: "Edit it" }).getAttribute("href");
  const productId = decodeURIComponent(editHref?.split("/").pop() ?? "");
  expect(productId).toMatch(/^prd_/);
  const created = (await (await page.request.get(`/api/products/${productId}`)).json()) as { priceCents: number; stock: number; minOrderQuantity: number; imageUrl: string };
  expect(created).toMatchObject({ priceCents: 1250, stock: 30, minOrderQuantity: 2 });
  expect(created.imageUrl).toMatch(/^\/uploads\//);

  // A customer, in a browser of their own, finds it on the home page (statically rendered, rebuilt after
  // the change; it leads with the newest tools) and buys 2.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const customerEmail = await registerThroughPage(customer, "Cory Customer");
  await (await buyNowOnHomePage(customer, name)).click();
  await expect(customer).toHaveURL(new RegExp(`/purchasePages/${productId}$`));
  await customer.getByLabel("Contact Number").fill("+1 555 010 0142");
  await fillAddress(customer);
  await customer.getByLabel("Quantity", { exact: true }).fill("2");
  await customer.getByRole("button", { name: "Place order" }).click();
  await expect(customer.getByText("Order placed")).toBeVisible();
  await expect(customer).toHaveURL(/\/dashboard\/payment\/ord_/);
  const customerRow = customer.getByRole("row").filter({ hasText: name });

  await customer.getByRole("button", { name: `Pay ${money(2500)}` }).click();
  const card = customer.getByRole("dialog", { name: "Card payment" });
  await card.getByLabel("Card number").fill("4242 4242 4242 4242");
  await card.getByLabel("Expiry month").fill("12");
  await card.getByLabel("Expiry year").fill(nextYear);
  await card.getByLabel("CVC").fill("123");
  await card.getByRole("button", { name: "Payment", exact: true }).click();
  await expect(customer.getByText("Payment successful")).toBeVisible();

  // Manage Order: the admin finds the order by the customer's email and marks it shipped.
  await page.goto("/dashboard/manageOrder");
  await page.getByLabel("Email or order number").fill(customerEmail);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(customerEmail).replace(/\./g, "\\.")}$`));
  const orders = page.getByRole("table", { name: "All orders, newest first" });
  for (const header of ["Order", "Customer", "Items", "Total", "Status", "Shipping", "Action"]) {
    await expect(orders.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  const row = orders.getByRole("row").filter({ hasText: name });
  await expect(orders.getByRole("row")).toHaveCount(2);
  await expect(row).toContainText("Cory Customer");
  await expect(row).toContainText(customerEmail);
  await expect(row).toContainText(money(2500));
  await expect(row).toContainText("Paid");
  // The same order by its number, as a customer on the phone would give it.
  const number = /TF-\d+/.exec((await row.textContent()) ?? "")?.[0] ?? "";
  expect(number).not.toBe("");
  await page.getByLabel("Email or order number").fill(number);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${number}$`));
  await expect(orders.getByRole("row")).toHaveCount(2);
  await expect(row).toContainText(customerEmail);
  await expectNoAxeViolations(page);

  await expect(row.getByText("Pending", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: /^Mark as shipped/ }).click();
  await expect(page.getByText("Order marked shipped")).toBeVisible();
  await expect(row.getByText("Shipped", { exact: true })).toBeVisible();
  const shippedButton = row.getByRole("button", { name: /^Mark as pending/ });
  await expect(shippedButton).toBeVisible();

  // The order's own page, opened from its row, has the same actions as the row.
  await row.getByRole("link", { name: /^TF-/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/ord_/);
  const manage = page.getByRole("region", { name: "Manage this order" });
  await expect(manage.getByText("Shipped", { exact: true })).toBeVisible();
  await expect(manage.getByRole("button", { name: /^Refund/ })).toBeVisible();
  await expectNoAxeViolations(page);
  // Opening Refund and keeping the payment changes nothing, and says so.
  await manage.getByRole("button", { name: /^Refund/ }).click();
  const refundDialog = page.getByRole("dialog", { name: `Refund order ${number}` });
  await expect(refundDialog.getByLabel("Reason")).toBeFocused();
  await refundDialog.getByRole("button", { name: "Keep the payment" }).click();
  await expect(refundDialog).toBeHidden();
  await expect(page.getByText("Not refunded")).toBeVisible();
  await expect(manage.getByText("Shipped", { exact: true })).toBeVisible();
  await manage.getByRole("button", { name: /^Mark as pending/ }).click();
  await expect(page.getByText("Order marked pending")).toBeVisible();
  await expect(manage.getByText("Pending", { exact: true })).toBeVisible();
  await manage.getByRole("button", { name: /^Mark as shipped/ }).click();
  // The row's own "Order marked shipped" may still be on screen: this one is the newest toast.
  await expect(page.getByText("Order marked shipped").last()).toBeVisible();
  await expect(manage.getByText("Shipped", { exact: true })).toBeVisible();
  // Who did what to this order: its own history in the audit log, three shipping changes.
  const orderPage = page.url();
  await page.getByRole("link", { name: "Who changed this order: 3 changes in the audit log" }).click();
  await expect(page).toHaveURL(/\/dashboard\/audit\?entity=order&entityId=ord_/);
  await expect(page.getByText(`Only the history of order ${number}.`)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "3 entries match." })).toBeVisible();
  const orderHistory = page.getByRole("table", { name: "Audit log, newest first" });
  await expect(orderHistory.getByText(new RegExp(`marked order ${number} of .* as (shipped|not shipped yet)\\.$`))).toHaveCount(3);
  await expectNoAxeViolations(page);
  await page.goto(orderPage);
  await page.getByRole("link", { name: "Back to Manage Order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/manageOrder/);
  await page.goto(`/dashboard/manageOrder?q=${encodeURIComponent(customerEmail)}`);

  // The state filter writes the API's own parameters into the URL.
  await page.getByLabel("Order state").selectOption({ label: "Paid – shipped" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\?status=paid&shipping=shipped&q=/);
  await expect(row).toBeVisible();
  await page.getByLabel("Order state").selectOption({ label: "Unpaid" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\?status=unpaid&q=/);
  await expect(page.getByText("No orders match these filters.")).toBeVisible();
  // A row that leaves a filtered list with the pressed button: the focus goes to the page's main
  // region, not back to the top of the page.
  for (const [shipping, press] of [["shipped", /^Mark as pending/], ["pending", /^Mark as shipped/]] as const) {
    await page.goto(`/dashboard/manageOrder?status=paid&shipping=${shipping}&q=${encodeURIComponent(customerEmail)}`);
    await row.getByRole("button", { name: press }).press("Enter");
    await expect(page.getByText("No orders match these filters.")).toBeVisible();
    await expect(page.locator("#main")).toBeFocused();
  }

  await customer.goto("/dashboard/myorders");
  await expect(customerRow).toContainText("Shipped");
  await customerContext.close();

  // Manage Products: the admin deletes the product after confirming; it leaves the catalog.
  await page.goto("/dashboard/manageProducts");
  await expect(page).toHaveTitle("ToolForge | Manage Products");
  // Found by a part of its name (the catalog's search); the count says how many match.
  const fragment = name.slice("Rubber Mallet ".length);
  const productSearch = page.getByRole("search", { name: "Search products" });
  await productSearch.getByLabel("Search products").fill(fragment);
  await productSearch.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/manageProducts\\?q=${fragment}$`));
  await expect(page.getByText(`1 product on sale matches “${fragment}”.`)).toBeVisible();
  const products = page.getByRole("table", { name: "Products on sale, newest first" });
  await expect(products.getByRole("row")).toHaveCount(2);
  const productRow = products.getByRole("row").filter({ hasText: name });
  await expect(productRow).toContainText("28");
  await expect(productRow).toContainText(money(1250));
  await expectNoAxeViolations(page);
  await productRow.getByRole("button", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${name}?` });
  await expect(dialog).toContainText("It leaves the catalog and its product page at once.");
  await dialog.getByRole("button", { name: "Keep product" }).click();
  await expect(page.getByText("Not deleted")).toBeVisible();
  await expect(productRow).toHaveCount(1);
  await productRow.getByRole("button", { name: `Delete ${name}` }).click();
  await dialog.getByRole("button", { name: "Delete product" }).click();
  await expect(page.getByText("Product deleted")).toBeVisible();
  await expect(productRow).toHaveCount(0);
  await expect(page.getByText(`No product on sale matches “${fragment}”.`)).toBeVisible();
  expect((await page.request.get(`/api/products/${productId}`)).status()).toBe(404);
  await expect(async () => {
    await page.goto("/servicedata");
    await expect(page.getByRole("heading", { level: 1, name: "All tools" })).toBeVisible();
    await expect(page.getByRole("link", { name: `Buy now: ${name}` })).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  // The audit log has the whole story.
  await page.goto("/dashboard/audit");
  const audit = page.getByRole("table", { name: "Audit log, newest first" });
  for (const action of ["product.create", "order.shipping", "product.delete"]) {
    await expect(audit.getByRole("row").filter({ hasText: action }).filter({ hasText: ADMIN_EMAIL }).first()).toBeVisible();
  }
  await expect(audit.getByRole("row").filter({ hasText: "order.shipping" }).first()).toContainText('{"shipping":"shipped"}');
  // Each entry reads as a sentence; the raw values sit behind Details.
  await expect(audit.getByText(`${ADMIN_EMAIL} removed “${name}” from the catalog.`)).toBeVisible();
  const escaped = (text: string) => text.replace(/[.+]/g, (c) => `\\${c}`);
  await expect(audit.getByText(new RegExp(`^${escaped(ADMIN_EMAIL)} marked order TF-\\d+ of ${escaped(customerEmail)} as shipped\\.$`)).first()).toBeVisible();

  // One kind of thing, then one thing's history from an entry's details.
  await page.getByLabel("Changes to").selectOption({ label: "Products" });
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/audit\?entity=product$/);
  await expect(audit.getByText(/ marked order /)).toHaveCount(0);
  const removed = audit.getByRole("row").filter({ hasText: `removed “${name}”` });
  await removed.getByText("Details").click();
  await removed.getByRole("link", { name: "Every change to this product" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?entity=product&entityId=${productId}$`));
  await expect(page.getByText(`Only the history of “${name}”.`)).toBeVisible();
  await expect(audit.getByText(`${ADMIN_EMAIL} removed “${name}” from the catalog.`)).toBeVisible();
  await expect(audit.getByText(new RegExp(`^${escaped(ADMIN_EMAIL)} added “${escaped(name)}” at `))).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Show everything" }).click();
  await expect(page).toHaveURL(/\/dashboard\/audit$/);
});

test("a deleted product is listed under Deleted products and Restore puts it back on sale as it was", async ({ page, baseURL }) => {
  await becomeAdmin(page, baseURL);
  const origin = { origin: baseURL ?? "" };
  const { id: productId, name } = await addProductThroughApi(page, baseURL, { name: "Restored Rasp", priceCents: 1875, stock: 12, minOrderQuantity: 2 });
  expect((await page.request.delete(`/api/products/${productId}`, { headers: origin })).status()).toBe(204);

  await page.goto("/dashboard/manageProducts");
  await page.getByRole("link", { name: "Deleted products" }).click();
  await expect(page).toHaveURL(/\/dashboard\/manageProducts\/deleted$/);
  await expect(page.getByRole("heading", { level: 1, name: "Deleted Products" })).toBeVisible();
  const row = page.getByRole("table", { name: "Deleted products, most recently deleted first" }).getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("12");
  await expect(row).toContainText(money(1875));
  await expectNoAxeViolations(page);

  await row.getByRole("button", { name: `Restore ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Put ${name} back on sale?` });
  await expect(dialog).toContainText(`with 12 in stock at ${money(1875)}`);
  await dialog.getByRole("button", { name: "Keep it deleted" }).click();
  await expect(page.getByText("Not restored")).toBeVisible();
  await row.getByRole("button", { name: `Restore ${name}` }).click();
  await dialog.getByRole("button", { name: "Restore product" }).click();
  await expect(page.getByText(`${name} is on sale again`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // Back in the shop, with its stock and price.
  const restored = (await (await page.request.get(`/api/products/${productId}`)).json()) as { stock: number; priceCents: number };
  expect(restored).toMatchObject({ stock: 12, priceCents: 1875 });
  await page.goto(`/products/${productId}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.goto("/dashboard/manageProducts");
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);
  await page.request.delete(`/api/products/${productId}`, { headers: origin });
});

test("editing a product changes only what was changed and keeps the photo", async ({ page, baseURL }) => {
  await becomeAdmin(page, baseURL);
  const origin = baseURL ?? "";
  const product = await addProductThroughApi(page, baseURL, { name: "Cold Chisel", description: "A chisel for cutting steel.", priceCents: 999, stock: 12, minOrderQuantity: 1 });

  await page.goto("/dashboard/manageProducts");
  await page.getByRole("link", { name: `Edit ${product.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/manageProducts/${product.id}\\?from=%2Fdashboard%2FmanageProducts$`));
  await expect(page).toHaveTitle("ToolForge | Edit Product");
  await expect(page.getByLabel("Name")).toHaveValue(product.name);
  await expect(page.getByLabel("Price (USD)")).toHaveValue("9.99");
  await expect(page.getByRole("img", { name: "Current photo" })).toHaveAttribute("src", product.imageUrl);

  await page.getByLabel("Price (USD)").fill("11.25");
  await page.getByLabel("Available stock").fill("-1");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("The available stock must be at least 0")).toBeVisible();

  // A link in the side menu with changes typed: the shop asks first, and "Keep editing" keeps them.
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  await menu.getByRole("link", { name: "Manage Order" }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave).toContainText(`Your changes to ${product.name} are not saved.`);
  await expect(leave.getByRole("button", { name: "Keep editing" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/dashboard/manageProducts/${product.id}\\?from=%2Fdashboard%2FmanageProducts$`));
  await expect(page.getByLabel("Price (USD)")).toHaveValue("11.25");

  await page.getByLabel("Available stock").fill("40");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/manageProducts$/);
  const row = page.getByRole("row").filter({ hasText: product.name });
  await expect(row).toContainText("$11.25");
  await expect(row).toContainText("40");

  const saved = (await (await page.request.get(`/api/products/${product.id}`)).json()) as { priceCents: number; stock: number; imageUrl: string };
  expect(saved).toMatchObject({ priceCents: 1125, stock: 40, imageUrl: product.imageUrl });
  const audit = (await (await page.request.get("/api/admin/audit")).json()) as { items: { action: string; entityId: string; after: Record<string, unknown> }[] };
  expect(audit.items.find((entry) => entry.action === "product.update" && entry.entityId === product.id)?.after).toMatchObject({ priceCents: 1125, stock: 40 });

  // Typed and left through the menu: "Leave without saving" goes there and nothing is saved.
  await page.getByRole("link", { name: `Edit ${product.name}` }).click();
  // The page tells how many changes the log holds about the product: its creation and this edit.
  await expect(page.getByRole("link", { name: "Who changed this product: 2 changes in the audit log" })).toHaveAttribute("href", `/dashboard/audit?entity=product&entityId=${product.id}`);
  await page.getByLabel("Price (USD)").fill("1.00");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Manage Order" }).click();
  await page.getByRole("dialog", { name: "Leave without saving?" }).getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/dashboard\/manageOrder$/);
  expect(((await (await page.request.get(`/api/products/${product.id}`)).json()) as { priceCents: number }).priceCents).toBe(1125);

  // Opened from page 2 of the list (its link's `from`), the way back and a save return there (ADR 065);
  // a `from` that is anything else leads to the list's first page, never elsewhere.
  await page.goto(`/dashboard/manageProducts/${product.id}?from=${encodeURIComponent("/dashboard/manageProducts?page=2")}`);
  await expect(page.getByRole("link", { name: "Manage Products", exact: true }).filter({ hasText: "←" })).toHaveAttribute("href", "/dashboard/manageProducts?page=2");
  await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/dashboard/manageProducts?page=2");
  await page.getByLabel("Available stock").fill("41");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/manageProducts\?page=2$/);
  // From a search's results, back to the same search.
  await page.goto(`/dashboard/manageProducts/${product.id}?from=${encodeURIComponent("/dashboard/manageProducts?q=mallet&page=2")}`);
  await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/dashboard/manageProducts?q=mallet&page=2");
  for (const foreign of ["https://evil.test/dashboard/manageProducts?page=3", "/dashboard/manageOrder?page=3"]) {
    await page.goto(`/dashboard/manageProducts/${product.id}?from=${encodeURIComponent(foreign)}`);
    await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/dashboard/manageProducts");
  }

  await page.request.delete(`/api/products/${product.id}`, { headers: { origin } });
});

test("Make Admin promotes a customer, and a customer sees none of the admin pages", async ({ page, browser, baseURL }) => {
  // Two browsers, a search, two confirmations and a dozen page loads: a long journey on a busy machine.
  test.setTimeout(180_000);
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const customerEmail = await registerThroughPage(customer, "Nell Noadmin");
  const list = (await (await customer.request.get("/api/products?sort=name")).json()) as { items: { id: string; minOrderQuantity: number }[] };
  const item = list.items[0];
  if (!item) throw new Error("the sample catalog is empty");
  const placed = await customer.request.post("/api/orders", {
    data: { productId: item.id, quantity: item.minOrderQuantity, phone: "+1 555 010 0177", shippingAddress: E2E_ADDRESS },
    headers: { origin: baseURL ?? "" },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { id: string };

  // A customer lands on My Orders, has no admin menu, and every admin page answers 403 with its message.
  await customer.goto("/dashboard");
  await expect(customer).toHaveURL(/\/dashboard\/myorders$/);
  await expect(customer.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Manage Order" })).toHaveCount(0);
  for (const path of ["manageOrder", "addProduct", "manageProducts", "makeAdmin", "messages", "reviews", "audit", `manageProducts/${item.id}`]) {
    expect((await customer.goto(`/dashboard/${path}`))?.status()).toBe(403);
    await expect(customer.getByRole("heading", { level: 1, name: "You don't have access to this page." })).toBeVisible();
    await expect(customer.getByRole("table")).toHaveCount(0);
    await expect(customer.locator("main")).not.toContainText(order.id);
  }
  await customer.goto("/dashboard/manageOrder?q=toolforge");
  await expect(customer.getByRole("heading", { level: 1, name: "You don't have access to this page." })).toBeVisible();
  await expect(customer.getByRole("form")).toHaveCount(0);
  // The header's tool search is on every page; the admin order filters must not be.
  await expect(customer.getByRole("main").getByRole("search")).toHaveCount(0);
  expect((await customer.request.get("/api/admin/orders")).status()).toBe(403);
  expect((await customer.goto("/dashboard/noSuchPage"))?.status()).toBe(404);

  // The admin promotes the customer, whose very next page shows the admin menu; then takes it back.
  await becomeAdmin(page, baseURL);
  await page.goto("/dashboard/makeAdmin");
  await expect(page).toHaveTitle("ToolForge | Make Admin");
  const users = page.getByRole("table", { name: "Accounts, oldest first" });
  for (const header of ["#", "Email", "Name", "Role", "Action"]) {
    await expect(users.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  const me = users.getByRole("row").filter({ hasText: ADMIN_EMAIL });
  await expect(me).toContainText("Admin");
  await expect(me.getByRole("button")).toHaveCount(0);
  // A narrow cell breaks the address before its "@" or a dot of its domain, never inside a word.
  const [local, domain] = ADMIN_EMAIL.split("@");
  expect((await me.getByRole("rowheader").innerHTML()).replaceAll("<!-- -->", "")).toBe(`${local}<wbr>@${(domain ?? "").split(".").join("<wbr>.")}`);
  // Accounts are paged: the new customer is found by searching for their address.
  await page.getByRole("searchbox", { name: "Name or email" }).fill(customerEmail);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/dashboard\/makeAdmin\?q=/);
  const row = users.getByRole("row").filter({ hasText: customerEmail });
  await expect(row).toContainText("Customer");
  // Until its owner has verified the address, the account cannot be made admin (anyone can register any address).
  await expect(row).toContainText("Can be made admin once the email is verified");
  await expect(row.getByRole("button", { name: `Make admin ${customerEmail}` })).toHaveCount(0);
  await verifyEmailThroughMail(customer, customerEmail);
  await page.reload();
  await expectNoAxeViolations(page);
  await row.getByRole("button", { name: `Make admin ${customerEmail}` }).click();
  const promote = page.getByRole("dialog", { name: `Make ${customerEmail} an admin?` });
  await expect(promote).toContainText("make other admins");
  await promote.getByRole("button", { name: "Keep as customer" }).click();
  await expect(page.getByText("Role not changed")).toBeVisible();
  await expect(row).toContainText("Customer");
  await row.getByRole("button", { name: `Make admin ${customerEmail}` }).click();
  await promote.getByRole("button", { name: "Make admin" }).click();
  await expect(page.getByText("User is now an admin")).toBeVisible();
  await expect(row.getByText("Admin", { exact: true })).toBeVisible();

  await customer.goto("/dashboard/manageOrder");
  await expect(customer.getByRole("heading", { level: 1, name: "Manage Order" })).toBeVisible();
  await expect(customer.locator(`tr[data-order-id="${order.id}"]`)).toBeVisible();

  await row.getByRole("button", { name: `Remove admin ${customerEmail}` }).click();
  await page.getByRole("dialog", { name: `Remove admin rights from ${customerEmail}?` }).getByRole("button", { name: "Remove admin rights" }).click();
  await expect(page.getByText("Admin rights removed")).toBeVisible();
  await expect(row).toContainText("Customer");
  await customer.reload();
  await expect(customer.getByRole("heading", { level: 1, name: "You don't have access to this page." })).toBeVisible();
  await customerContext.close();

  // The account's history: who made it an admin, and who took it back.
  await row.getByRole("link", { name: `History of ${customerEmail}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/audit\?entity=user&entityId=/);
  await expect(page.getByText(`Only the history of ${customerEmail}.`)).toBeVisible();
  const history = page.getByRole("table", { name: "Audit log, newest first" });
  await expect(history.getByRole("row").filter({ hasText: ADMIN_EMAIL })).toHaveCount(2);
});

test("the admin pages pass axe and the dashboard menu folds into a button at phone width", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await becomeAdmin(page, baseURL);
  for (const [path, title] of [
    ["/dashboard/manageOrder", "Manage Order"],
    ["/dashboard/addProduct", "Add Product"],
    ["/dashboard/manageProducts", "Manage Products"],
    ["/dashboard/makeAdmin", "Make Admin"],
    ["/dashboard/messages", "Messages"],
    ["/dashboard/reviews", "Reviews"],
    ["/dashboard/audit", "Audit log"],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(`ToolForge | ${title}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await page.goto("/dashboard/addProduct");
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByText("Describe the product")).toBeVisible();
  await expectNoAxeViolations(page);

  await subscribeConfirmed(page.request, baseURL, "list-reader@toolforge.test");
  await page.goto("/dashboard/messages");
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/api/admin/subscribers?format=csv");
  await expect(page.getByRole("table", { name: "Newsletter subscribers, oldest first" })).toContainText("list-reader@toolforge.test");
  const csv = await page.request.get("/api/admin/subscribers?format=csv");
  expect(await csv.text()).toContain("list-reader@toolforge.test");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard/manageOrder");
  // One menu on phones: the dashboard's pages are in the header's drawer, and the side menu is gone.
  await expect(page.getByRole("button", { name: "Dashboard menu" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeHidden();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Open Dashboard" }).click();
  const menuLink = page.getByRole("navigation", { name: "Admin dashboard" }).getByRole("link", { name: "Make Admin" });
  await expect(menuLink).toBeVisible();
  await menuLink.click();
  await expect(page).toHaveURL(/\/dashboard\/makeAdmin$/);
  await expect(page.getByRole("dialog", { name: "Menu" })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
