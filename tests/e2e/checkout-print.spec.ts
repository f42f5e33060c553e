import { expect, test, type Locator, type Page } from "./fixtures";
import { fillAddress, registerThroughPage } from "./helpers";

type Product = { id: string; name: string; priceCents: number; stock: number; minOrderQuantity: number };

const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
const nextYear = String(new Date().getFullYear() + 1);

async function payInModal(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Card payment" });
  await dialog.getByLabel("Card number").fill("4242 4242 4242 4242");
  await dialog.getByLabel("Expiry month").fill("12");
  await dialog.getByLabel("Expiry year").fill(nextYear);
  await dialog.getByLabel("CVC").fill("123");
  await dialog.getByRole("button", { name: "Payment", exact: true }).click();
  await expect(page.getByText("Payment successful")).toBeVisible();
}

/**
 * How far the element's right edge is cut off: by the page's width, or by an ancestor that clips
 * (the receipt's table scrolls inside its own box). 0 when it is wholly in view.
 */
async function pixelsCutOffOnTheRight(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const right = node.getBoundingClientRect().right;
    let limit = document.documentElement.clientWidth;
    for (let box = node.parentElement; box; box = box.parentElement) {
      if (getComputedStyle(box).overflowX !== "visible") limit = Math.min(limit, box.getBoundingClientRect().left + box.clientWidth);
    }
    return Math.max(0, Math.ceil(right - limit));
  });
}

test("a printed receipt uses the whole page width, its total in full", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const list = (await (await page.request.get("/api/products?sort=name")).json()) as { items: Product[] };
  const product = list.items.find((p) => p.stock >= p.minOrderQuantity + 2);
  if (!product) throw new Error("no orderable product");
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerThroughPage(page, "Priya Printer");
  await page.goto(`/products/${product.id}`);
  await page.getByRole("button", { name: `Add to cart: ${product.name}` }).click();
  await expect(page.getByText(`${product.name} added to your cart`)).toBeVisible();
  await page.goto("/checkout");
  await page.getByLabel("Contact Number").fill("+1 555 010 0123");
  await fillAddress(page);
  const total = money(product.priceCents * product.minOrderQuantity);
  await page.getByRole("button", { name: `Place order and pay ${total}` }).click();
  await payInModal(page);
  await expect(page).toHaveURL(/\/dashboard\/orders\/ord_/);

  const grandTotal = page.getByTestId("order-grand-total");
  await expect(grandTotal).toHaveText(total);
  // The receipt's time is in the shop's zone (SHOP_TIME_ZONE, America/Chicago in these tests), named.
  await expect(page.getByText(/^Placed \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M C[SD]T by /)).toBeVisible();
  // react-hot-toast's container; on screen it spans the page, above the content.
  const toasts = page.locator("[data-rht-toaster]");
  await expect(toasts).toBeVisible();
  await page.emulateMedia({ media: "print" });
  // A4 portrait, US letter landscape and A4 landscape at 96 dpi, less the margins, are about these widths.
  for (const width of [718, 1047, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole("heading", { level: 1, name: /^Receipt for order TF-\d+$/ })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeHidden();
    // Toasts (the payment's are still up) would cover the prices on paper.
    await expect(toasts).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath(`receipt-print-${width}.png`), fullPage: true });
    const box = await grandTotal.boundingBox();
    const table = await page.getByRole("table", { name: "Items in this order" }).boundingBox();
    if (!box || !table) throw new Error(`the receipt's total or table is not laid out at ${width} px`);
    expect(box.x + box.width, `the total's right edge at ${width} px`).toBeLessThanOrEqual(width);
    expect(await pixelsCutOffOnTheRight(grandTotal), `pixels of the total cut off at ${width} px`).toBe(0);
    // Not squeezed into the hidden menu's 12rem (192 px) column: the items table has the receipt's width.
    expect(table.width, `the items table's width at ${width} px`).toBeGreaterThan(600);
  }
});
