import { z } from "zod";

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
