import { expect, type Page } from "@playwright/test";

/** A tool as the catalog API answers it, with what the cart tests read. */
export type CartProduct = { id: string; name: string; priceCents: number; stock: number; minOrderQuantity: number };

/** A product sold in packs (a minimum order above 1) with room for a few times its minimum. */
export async function productWithMinimum(page: Page): Promise<CartProduct> {
  const list = (await (await page.request.get("/api/products?sort=name")).json()) as { items: CartProduct[] };
  const product = list.items.find((p) => p.minOrderQuantity >= 2 && p.stock >= p.minOrderQuantity * 3 + 5);
  if (!product) throw new Error("no product with a minimum order above 1 and enough stock");
  return product;
}

/** "1 unit", "12 units", "1,200 units": how the cart's messages count units. */
export function unitsText(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "unit" : "units"}`;
}

/** Adds a tool from its page, into an empty cart: the page's quantity starts at the minimum order. */
export async function addFromProductPage(page: Page, product: CartProduct): Promise<void> {
  await page.goto(`/products/${product.id}`);
  await page.getByRole("button", { name: `Add to cart: ${product.name}` }).click();
  await expect(page.getByText(`${unitsText(product.minOrderQuantity)} of ${product.name} added to your cart`)).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
}
