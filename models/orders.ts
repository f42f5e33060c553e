import { z } from "zod";
import { pageQuerySchema, type PageQuery } from "./paging";

export const phoneSchema = z
  .string({ error: "Enter your contact number" })
  .trim()
  .min(1, "Enter your contact number")
  .regex(/^\+?[0-9][0-9 ()-]{5,18}[0-9]$/, "Enter a contact number of 7 to 20 digits, e.g. +1 555 010 0199");

/** The form and API input for placing an order. Price and total never come from the client. */
export const placeOrderSchema = z.object({
  productId: z.string({ error: "Choose a product" }).trim().min(1, "Choose a product").max(64),
  quantity: z
    .number({ error: "Enter the number of units as a whole number" })
    .int("Enter the number of units as a whole number")
    .min(1, "Order at least 1 unit")
    .max(1_000_000, "That quantity is too large"),
  phone: phoneSchema,
});
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

export function quantityMessage(min: number, stock: number): string {
  return `Order between ${min} and ${stock} units`;
}

export type OrderStatus = "unpaid" | "paid";
export type ShippingState = "pending" | "shipped";

export type OrderView = {
  id: string;
  productId: string;
  productName: string;
  productImageUrl: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  currency: string;
  email: string;
  phone: string;
  status: OrderStatus;
  shipping: ShippingState;
  paymentRef: string | null;
  createdAt: string;
  paidAt: string | null;
};

export const shippingSchema = z.object({
  shipped: z.boolean({ error: "Send shipped as true or false" }),
});

export const adminOrderQuerySchema = z.object({
  status: z.enum(["unpaid", "paid"], { error: "Status must be unpaid or paid" }).optional(),
  shipping: z.enum(["pending", "shipped"], { error: "Shipping must be pending or shipped" }).optional(),
  q: z
    .string()
    .trim()
    .max(254, "Search text must be at most 254 characters")
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type AdminOrderQuery = z.infer<typeof adminOrderQuerySchema>;

/** GET /api/admin/orders: the filters above, paged (`page`, `pageSize` ≤ 100, `cursor`). */
export const adminOrderListQuerySchema = adminOrderQuerySchema.extend(pageQuerySchema(50).shape);
export type AdminOrderListQuery = AdminOrderQuery & PageQuery;

/** GET /api/orders (My Orders): paged. */
export const myOrderListQuerySchema = pageQuerySchema(25);

export type AdminOrderView = OrderView & { customerName: string | null };
