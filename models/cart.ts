import { z } from "zod";
import { orderLineInputSchema, OUT_OF_STOCK, quantityMessage } from "./orders";

/** How many products a cart holds. */
export const MAX_CART_LINES = 50;

/** The whole cart, as `PUT /api/cart` takes it (and `POST /api/cart/join`, the browser's): one line per product. */
export const putCartSchema = z.strictObject({
  items: z
    .array(orderLineInputSchema, { error: "Send the cart's items as a list" })
    .max(MAX_CART_LINES, `A cart holds at most ${MAX_CART_LINES} products`)
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      lines.forEach((line, index) => {
        if (seen.has(line.productId)) ctx.addIssue({ code: "custom", path: [index, "productId"], message: "This product is already in the cart" });
        seen.add(line.productId);
      });
    }),
});
export type PutCartInput = z.infer<typeof putCartSchema>;

export type CartLineView = {
  productId: string;
  name: string;
  imageUrl: string;
  priceCents: number;
  currency: string;
  stock: number;
  minOrderQuantity: number;
  quantity: number;
  lineTotalCents: number;
};

/**
 * `noLongerOnSale`: saved lines whose product an admin has taken off sale since. They are not in `items`
 * or the total, so they cannot be ordered; they are named so the customer is told, and they leave the
 * saved cart at its next save (which only takes products on sale).
 */
export type CartView = { items: CartLineView[]; totalCents: number; currency: string; noLongerOnSale: { productId: string; name: string }[] };

/** A quantity the order form would accept for this product, or the form's message. */
export function cartQuantityProblem(quantity: number, min: number, stock: number): string | null {
  if (stock < min) return OUT_OF_STOCK;
  if (!Number.isInteger(quantity) || quantity < min || quantity > stock) return quantityMessage(min, stock);
  return null;
}
