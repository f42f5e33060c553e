import { z } from "zod";
import { MAX_UNITS } from "./catalog-limits";
import { pageQuerySchema, type PageQuery } from "./paging";
import { optionalTextField, textField } from "./text";
import { countOf, formatCount } from "./count";

export const phoneSchema = z
  .string({ error: "Enter your contact number" })
  .trim()
  .min(1, "Enter your contact number")
  // Spaces, dashes, dots and brackets make a number readable ("(555) 010-0199", "555.010.0199"); the
  // digits are what a courier dials. A plus only leads.
  .regex(/^\+?[0-9 ().-]+$/, "Enter a contact number with digits, spaces, brackets, dots or dashes (a + only at the start), e.g. +1 555 010 0199")
  .max(30, "Enter a contact number of at most 30 characters, e.g. +1 555 010 0199")
  .refine((value) => /^(?:\D*\d){7,20}\D*$/.test(value), "Enter a contact number of 7 to 20 digits, e.g. +1 555 010 0199");

const productIdSchema = z.string({ error: "Choose a product" }).trim().min(1, "Choose a product").max(64);
const quantitySchema = z
  .number({ error: "Enter the number of units as a whole number" })
  .int("Enter the number of units as a whole number")
  .min(1, "Order at least 1 unit")
  // No stock is larger, so an order the product page offers is never refused for its size alone.
  .max(MAX_UNITS, "Order at most 10,000,000 units at once");

function required(label: string, max: number) {
  return textField({ missing: `Enter ${label}`, max });
}
function optional(max: number) {
  return optionalTextField({ max });
}

/** Where an order goes. Line 2 and the region are optional: not every address has them. */
export const shippingAddressSchema = z.strictObject(
  {
    name: required("the recipient's name", 100),
    line1: required("the street address", 200),
    line2: optional(200),
    city: required("the city", 100),
    region: optional(100),
    postalCode: required("the postal code", 20),
    country: required("the country", 60),
  },
  { error: "Enter the shipping address" },
);
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** An address nobody has filled in yet: what the order forms start with. */
export const EMPTY_SHIPPING_ADDRESS: ShippingAddress = { name: "", line1: "", line2: "", city: "", region: "", postalCode: "", country: "" };

export const orderLineInputSchema = z.strictObject({ productId: productIdSchema, quantity: quantitySchema });
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

const linesSchema = z
  .array(orderLineInputSchema, { error: "Add at least one product" })
  .min(1, "Add at least one product")
  .max(50, "An order holds at most 50 products")
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      if (seen.has(line.productId)) ctx.addIssue({ code: "custom", path: [index, "productId"], message: "This product is already in the order" });
      seen.add(line.productId);
    });
  });

/**
 * The total the customer was shown, shipping included, in cents. Optional; when sent, an order whose
 * total differs (a price changed since the page was read) is refused with 409 and nothing is written.
 */
const EXPECTED_TOTAL_MESSAGE = "Send expectedTotalCents as a whole number of cents";
const expectedTotalSchema = z
  .number({ error: EXPECTED_TOTAL_MESSAGE })
  .int(EXPECTED_TOTAL_MESSAGE)
  .min(0, EXPECTED_TOTAL_MESSAGE)
  .max(Number.MAX_SAFE_INTEGER, EXPECTED_TOTAL_MESSAGE)
  .optional();

const itemsShape = z.strictObject({ items: linesSchema, phone: phoneSchema, shippingAddress: shippingAddressSchema, expectedTotalCents: expectedTotalSchema });
const oneLineShape = z.strictObject({
  productId: productIdSchema,
  quantity: quantitySchema,
  phone: phoneSchema,
  shippingAddress: shippingAddressSchema,
  expectedTotalCents: expectedTotalSchema,
});

/** The two body shapes placeOrderSchema accepts, as one schema for the API's description (lib/api/openapi.ts). */
export const placeOrderBodySchema = z.union([itemsShape, oneLineShape]);

/**
 * What placing an order needs, in either shape the API takes: `{ items: [...] }` or the seed's one line
 * `{ productId, quantity }`. `shape` remembers which, so that errors name the field the caller sent.
 * Price and total never come from the client.
 */
export type PlaceOrderInput = {
  shape: "items" | "line";
  items: OrderLineInput[];
  phone: string;
  shippingAddress: ShippingAddress;
  expectedTotalCents?: number | undefined;
};

export const placeOrderSchema: z.ZodType<PlaceOrderInput> = z.unknown().transform((value, ctx): PlaceOrderInput => {
  const hasItems = typeof value === "object" && value !== null && "items" in value;
  const result = hasItems ? itemsShape.safeParse(value) : oneLineShape.safeParse(value);
  if (!result.success) {
    // Each issue keeps its code, so lib/http's error mapper words it as for any other route (an unknown
    // field named, "Send the request's fields as a JSON object" for null or an array).
    for (const issue of result.error.issues) ctx.addIssue({ ...issue });
    return z.NEVER;
  }
  const data = result.data;
  const { phone, shippingAddress, expectedTotalCents } = data;
  return "items" in data
    ? { shape: "items", items: data.items, phone, shippingAddress, expectedTotalCents }
    : { shape: "line", items: [{ productId: data.productId, quantity: data.quantity }], phone, shippingAddress, expectedTotalCents };
});

/** The Idempotency-Key header: any printable token a client chooses, 1–255 characters (IETF draft-ietf-httpapi-idempotency-key-header). */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e]{1,255}$/, "The Idempotency-Key header must be 1 to 255 printable characters");

export { OUT_OF_STOCK, quantityHint, quantityMessage } from "./quantity";

/** "Only 1 unit is left", "Only 8 units are left": what a refused quantity is told first. */
export function unitsLeftMessage(left: number): string {
  return `Only ${countOf(left, "unit is", "units are")} left`;
}

export const ORDER_STATUS_VALUES = ["unpaid", "paid", "cancelled", "expired", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUS_VALUES)[number];
export type ShippingState = "pending" | "shipped";

export type OrderLineView = {
  productId: string;
  productName: string;
  productImageUrl: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
};

export type OrderView = {
  id: string;
  /** The human order number, e.g. "TF-100001". */
  number: string;
  items: OrderLineView[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  currency: string;
  email: string;
  phone: string;
  shippingAddress: ShippingAddress;
  status: OrderStatus;
  shipping: ShippingState;
  paymentRef: string | null;
  createdAt: string;
  expiresAt: string | null;
  paidAt: string | null;
  shippedAt: string | null;
  cancelledAt: string | null;
  expiredAt: string | null;
  refundedAt: string | null;
  refundReason: string | null;
  // A one-line order also carries its line at the top level (the seed's shape).
  productId?: string;
  productName?: string;
  productImageUrl?: string;
  quantity?: number;
  unitPriceCents?: number;
};

/** What a deleted customer's orders say instead of their contact details. ".invalid" never resolves (RFC 2606). */
export const ANONYMISED_ORDER = { email: "anonymised@deleted.invalid", phone: "anonymised" } as const;

/** Whether an order's customer deleted their account (ADR 015): nobody is left to ship to or to mail. */
export function isAnonymised(order: Pick<OrderView, "email">): boolean {
  return order.email === ANONYMISED_ORDER.email;
}

export function formatOrderNumber(number: number): string {
  return `TF-${number}`;
}

/** How many units an order's lines add up to. */
export function unitsOf(items: Pick<OrderLineView, "quantity">[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** "Pliers ×6", "Pliers ×1,500", or "Pliers ×6 and 2 more" for a longer order. */
export function linesSummary(items: Pick<OrderLineView, "productName" | "quantity">[]): string {
  const [first] = items;
  if (!first) return "";
  const head = `${first.productName} ×${formatCount(first.quantity)}`;
  return items.length > 1 ? `${head} and ${items.length - 1} more` : head;
}

export const STATUS_LABELS: Record<OrderStatus, string> = {
  unpaid: "Awaiting payment",
  paid: "Paid",
  cancelled: "Cancelled",
  expired: "Expired",
  refunded: "Refunded",
};

export const refundSchema = z.strictObject({
  reason: textField({ missing: "Give a reason for the refund", min: 3, max: 500, lines: true }),
});

export const shippingSchema = z.strictObject({
  shipped: z.boolean({ error: "Send shipped as true or false" }),
});

export const adminOrderQuerySchema = z.object({
  status: z.enum(ORDER_STATUS_VALUES, { error: "Status must be unpaid, paid, cancelled, expired or refunded" }).optional(),
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

/** An order in Manage Order, with its customer's account as it is now: name and address (null once the account is deleted). */
export type AdminOrderView = OrderView & { customerName: string | null; customerEmail: string | null };
