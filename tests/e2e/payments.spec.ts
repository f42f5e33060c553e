import { expect, test, type Locator, type Page } from "./fixtures";
import { E2E_ADDRESS, expectNoAxeViolations, registerThroughPage } from "./helpers";

type Product = { id: string; name: string; priceCents: number; stock: number; minOrderQuantity: number };
type Order = { id: string; number: string; productName: string; totalCents: number; status: string; paymentRef: string | null };

const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
const nextYear = String(new Date().getFullYear() + 1);

/** Places an order through the API with the page's own session cookie, as the purchase form would. */
async function placeOrder(page: Page, baseURL: string | undefined, index = 0): Promise<Order> {
  const list = (await (await page.request.get("/api/products?sort=name")).json()) as { items: Product[] };
  const product = list.items[index];
  if (!product) throw new Error("the sample catalog is empty");
  const response = await page.request.post("/api/orders", {
    data: { productId: product.id, quantity: product.minOrderQuantity, phone: "+1 555 010 0199", shippingAddress: E2E_ADDRESS },
    headers: { origin: baseURL ?? "" },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Order;
}

function orderRow(page: Page, orderId: string): Locator {
  return page.locator(`tr[data-order-id="${orderId}"]`);
}

async function openPaymentModal(page: Page, order: Order): Promise<Locator> {
  await page.goto("/dashboard/myorders");
  await expect(page.getByText(/Unpaid orders keep their units reserved for you for 24 hours after you place them/)).toBeVisible();
  await orderRow(page, order.id).getByRole("link", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${order.id}$`));
  // The deadline, in the shop's zone (America/Chicago in these tests) and named.
  await expect(page.getByText(/^Reserved for you until \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M C[SD]T\. Pay by then/)).toBeVisible();
  await page.getByRole("button", { name: `Pay ${money(order.totalCents)}` }).click();
  const dialog = page.getByRole("dialog", { name: "Card payment" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Card number")).toBeVisible();
  return dialog;
}

async function fillCard(dialog: Locator, number: string, cvc = "123") {
  await dialog.getByLabel("Card number").fill(number);
  await dialog.getByLabel("Expiry month").fill("12");
  await dialog.getByLabel("Expiry year").fill(nextYear);
  await dialog.getByLabel("CVC").fill(cvc);
}

test("pay an order with the test card 4242 4242 4242 4242", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const email = await registerThroughPage(page, "Pat Payer");
  const order = await placeOrder(page, baseURL);

  await page.goto("/dashboard/myorders");
  await orderRow(page, order.id).getByRole("link", { name: /^Pay/ }).click();
  await expect(page).toHaveTitle("ToolForge | Payment");
  await expect(page.getByText("Test mode", { exact: true })).toBeVisible();
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary).toContainText(email);
  await expect(summary).toContainText(order.productName);
  await expect(summary).toContainText(money(order.totalCents));
  await expect(summary).toContainText("+1 555 010 0199");
  await expectNoAxeViolations(page);

  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.url());
  });
  const opener = page.getByRole("button", { name: `Pay ${money(order.totalCents)}` });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Card payment" });
  await expect(dialog).toContainText("Test mode — no real card is charged. Use 4242 4242 4242 4242, any future expiry and any CVC.");
  // The test-mode path never loads Stripe's SDK: it is only imported dynamically on the Stripe path.
  for (const url of scripts) expect(await (await page.request.get(url)).text(), url).not.toContain("js.stripe.com");
  await expect(dialog.getByLabel("Card number")).toHaveAttribute("autocomplete", "cc-number");
  await expect(dialog.getByLabel("Card number")).toHaveAttribute("inputmode", "numeric");
  // The dialog opens on its × while the payment starts; the card number then takes the focus.
  await expect(dialog.getByLabel("Card number")).toBeFocused();
  await expectNoAxeViolations(page);

  // Client-side checks with the server's messages, then Escape closes and forgets what was typed.
  await dialog.getByRole("button", { name: "Payment", exact: true }).click();
  await expect(dialog.getByText("Enter your card number")).toBeVisible();
  await dialog.getByLabel("Card number").fill("4242 4242 4242 4241");
  await expect(dialog.getByText("Your card number is invalid.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(dialog.getByLabel("Card number")).toHaveValue("");

  await fillCard(dialog, "4242 4242 4242 4242");
  await dialog.getByRole("button", { name: "Payment", exact: true }).click();
  await expect(page.getByText("Payment successful")).toBeVisible();
  // The customer lands on the order's receipt.
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${order.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Receipt for order ${order.number}` })).toBeVisible();

  const paid = (await (await page.request.get(`/api/orders/${order.id}`)).json()) as Order;
  expect(paid.status).toBe("paid");
  expect(paid.paymentRef).toMatch(/^tp_/);
  await expect(page.getByTestId("payment-reference")).toHaveText(paid.paymentRef ?? "");
  await expect(page.getByText("Paid with Visa ending 4242")).toBeVisible();
  await expect(page.getByText(E2E_ADDRESS.line1)).toBeVisible();
  await expect(page.getByRole("button", { name: "Print receipt" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/dashboard/myorders");
  const row = orderRow(page, order.id);
  await expect(row).toContainText(order.number);
  await expect(row).toContainText("Paid");
  // The list shows the start of the payment reference, as the seed's list did.
  await expect(row).toContainText(`${(paid.paymentRef ?? "").slice(0, 6)}..`);
  await expect(row).toContainText("Pending");
  await expect(row.getByRole("link", { name: /^Pay/ })).toHaveCount(0);
  await expect(row.getByRole("button", { name: /^Cancel/ })).toHaveCount(0);
  // With the list it was opened from, for the receipt's way back (ADR 065).
  await expect(row.getByRole("link", { name: /^Receipt/ })).toHaveAttribute("href", `/dashboard/orders/${order.id}?from=%2Fdashboard%2Fmyorders`);

  await page.goto(`/dashboard/payment/${order.id}`);
  await expect(page.getByText("This order is already paid.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "See the order" })).toHaveAttribute("href", `/dashboard/orders/${order.id}`);
});

test("a declined card says why in the modal and the order stays payable", async ({ page, baseURL }) => {
  await registerThroughPage(page, "Dana Declined");
  const order = await placeOrder(page, baseURL, 1);
  const dialog = await openPaymentModal(page, order);

  await fillCard(dialog, "4000 0000 0000 0002");
  await dialog.getByRole("button", { name: "Payment", exact: true }).click();
  const alert = dialog.getByRole("alert").filter({ hasText: "Your card was declined." });
  await expect(alert).toBeVisible();
  // …and what to do next.
  await expect(alert).toContainText("Try another card, or ask your bank why it was refused. Your order waits, unpaid, in My Orders.");
  await expect(dialog).toBeVisible();
  const unpaid = (await (await page.request.get(`/api/orders/${order.id}`)).json()) as Order;
  expect(unpaid.status).toBe("unpaid");

  await dialog.getByRole("button", { name: "Close payment" }).click();
  await expect(dialog).toBeHidden();
  await page.goto("/dashboard/myorders");
  await expect(orderRow(page, order.id).getByRole("link", { name: /^Pay/ })).toBeVisible();
});

test("the 3-D Secure card asks for confirmation: Fail declines, Approve pays", async ({ page, baseURL }) => {
  await registerThroughPage(page, "Tess Threeds");
  const order = await placeOrder(page, baseURL, 2);
  const dialog = await openPaymentModal(page, order);

  await fillCard(dialog, "4000 0025 0000 3155");
  await dialog.getByRole("button", { name: "Payment", exact: true }).click();
  const challenge = dialog.getByRole("region", { name: "Test 3-D Secure" });
  await expect(challenge).toContainText(`Your bank asks you to confirm this payment of ${money(order.totalCents)}.`);
  await expect(challenge.getByRole("heading", { name: "Test 3-D Secure" })).toBeFocused();
  await expectNoAxeViolations(page);

  await challenge.getByRole("button", { name: "Fail" }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: /unable to authenticate/ })).toBeVisible();
  await expect(challenge).toBeHidden();

  await dialog.getByRole("button", { name: "Payment", exact: true }).click();
  await challenge.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Payment successful")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${order.id}$`));
  await page.goto("/dashboard/myorders");
  await expect(orderRow(page, order.id)).toContainText("Paid");
});

test("at phone width My Orders scrolls sideways and the payment modal fits", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerThroughPage(page, "Phoebe Phone");
  const order = await placeOrder(page, baseURL, 3);
  await page.goto("/dashboard/myorders");
  const region = page.getByRole("region", { name: /your orders/i });
  await expect(region).toBeVisible();
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits).toBe(true);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("my-orders-phone.png"), fullPage: true });

  const dialog = await openPaymentModal(page, order);
  const box = await dialog.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("payment-modal-phone.png") });
});
