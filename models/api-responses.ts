import { z } from "zod";
import type { AuditView } from "./audit";
import type { DeletedProduct, Product, ProductList } from "./catalog";
import { ORDER_STATUS_VALUES, type OrderView } from "./orders";
import type { ProductReviewPage, ReviewView } from "./reviews";

/**
 * The shapes of the API's answers, for its OpenAPI document (lib/api/openapi.ts). The types the
 * services return are checked against them at compile time below, so the two cannot drift apart.
 */

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    details: z.record(z.string(), z.string()).optional(),
  }),
});

/** better-auth's own error answers under /api/auth. */
export const authErrorBodySchema = z.object({ code: z.string().optional(), message: z.string() });

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  stock: z.number().int(),
  minOrderQuantity: z.number().int(),
});

/** A product taken off sale (`GET /api/admin/deleted-products`). */
export const deletedProductSchema = productSchema.extend({ deletedAt: z.string() });

export const productListSchema = z.object({
  items: z.array(productSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const reviewSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  authorImageUrl: z.string().nullable(),
  rating: z.number(),
  text: z.string(),
  verifiedBuyer: z.boolean(),
  createdAt: z.string(),
  productId: z.string().nullable(),
});

const orderLineSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  productImageUrl: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
});

const addressSchema = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
});

export const orderSchema = z.object({
  id: z.string(),
  number: z.string(),
  items: z.array(orderLineSchema),
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  email: z.string(),
  phone: z.string(),
  shippingAddress: addressSchema,
  status: z.enum(ORDER_STATUS_VALUES),
  shipping: z.enum(["pending", "shipped"]),
  paymentRef: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  expiredAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  refundReason: z.string().nullable(),
  // A one-line order also carries its line at the top level (the seed's shape).
  productId: z.string().optional(),
  productName: z.string().optional(),
  productImageUrl: z.string().optional(),
  quantity: z.number().int().optional(),
  unitPriceCents: z.number().int().optional(),
});

/** One page of a paged list (models/paging.ts). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    pageCount: z.number().int(),
    nextCursor: z.string().nullable(),
    prevCursor: z.string().nullable(),
  });
}

/** One page of a product's reviews, with the average rating of all of them (null: none yet). */
export const productReviewPageSchema = pageSchema(reviewSchema).extend({ averageRating: z.number().nullable() });

/** One place an account is signed in (`GET /api/me/sessions`). */
export const sessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  ipAddress: z
    .string()
    .nullable()
    .describe('Where it was signed in from: an IPv4 address, "localhost", or an IPv6 network ("2001:db8:1:2::/64"), which is all the shop keeps of an IPv6 address'),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().describe('The account that made the change, or a system id such as "system:admin-emails"'),
  actorEmail: z.string().nullable().describe("Null once that account is deleted"),
  action: z.string().describe('What was done, such as "order.refund" or "product.update"'),
  entity: z.string().describe("The kind of thing: order, product, user, review or payment"),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});

export const healthSchema = z.object({ ok: z.boolean(), database: z.enum(["up", "down"]), engine: z.string().optional() });
export const liveSchema = z.object({ ok: z.literal(true) });
export const readinessSchema = z.object({
  ready: z.boolean(),
  checks: z.record(z.string(), z.object({ ok: z.boolean(), detail: z.string().optional() })),
});
export const messageSchema = z.object({ message: z.string() });
export const uploadSchema = z.object({ url: z.string() });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type ResponseShapesMatchTheServices = [
  Assert<Same<z.infer<typeof productSchema>, Product>>,
  Assert<Same<z.infer<typeof deletedProductSchema>, DeletedProduct>>,
  Assert<Same<z.infer<typeof productListSchema>, ProductList>>,
  Assert<Same<z.infer<typeof reviewSchema>, ReviewView>>,
  Assert<Same<z.infer<typeof productReviewPageSchema>, ProductReviewPage>>,
  Assert<Same<z.infer<typeof orderSchema>, OrderView>>,
  Assert<Same<z.infer<typeof auditEntrySchema>, AuditView>>,
];
