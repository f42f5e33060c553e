import { z } from "zod";
import { accountViewSchema } from "./accounts";
import { AUDIT_SUBJECTS, type AuditView } from "./audit";
import type { CartView } from "./cart";
import type { DeletedProduct, Product, ProductList } from "./catalog";
import { ORDER_STATUS_VALUES, type AdminOrderView, type OrderView } from "./orders";
import type { Page } from "./paging";
import type { PaymentStart } from "./payments";
import type { ProfileView } from "./profile";
import type { AdminReviewView, ProductReviewPage, ReviewView } from "./reviews";

/**
 * The shapes of the API's answers, for its OpenAPI document (lib/api/openapi.ts). The types the
 * services return are checked against them at compile time below (those declared in lib/, in
 * lib/api/openapi.ts), so the two cannot drift apart; tests/integration/openapi.test.ts checks real
 * answers against the document.
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
  pageCount: z.number().int(),
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
  entity: z.string().describe(`The kind of thing: ${AUDIT_SUBJECTS.map((subject) => subject.entity).join(", ")}`),
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

/** An account (lib/accounts/service.ts UserView): `GET /api/users`, role and status changes, registration. */
export const userSchema = accountViewSchema;

/** `GET /api/users`: one page of accounts, and how many admins the shop has in all. */
export const userListSchema = pageSchema(userSchema).extend({ admins: z.number().int(), disabledAdmins: z.number().int() });

/** `POST /api/register`: the new account (its session comes as cookies, and as `set-auth-token`). */
export const registeredSchema = z.object({ user: userSchema });

/** The profile details of `GET /api/me` and `PATCH /api/me/profile`: null until first saved. */
export const profileViewSchema = z.object({
  education: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  birthday: z.string().nullable().describe("YYYY-MM-DD"),
});

/** `GET /api/me`: the signed-in account, with its role, and its profile details. */
export const meSchema = userSchema.extend({ profile: profileViewSchema });

/** `DELETE /api/me`: how many of the account's orders were kept, anonymised. */
export const accountDeletedSchema = z.object({ ordersAnonymised: z.number().int() });

/** A mail is on its way to `sentTo` (`POST /api/me/email`: the new address; `POST /api/me/verification-email`). */
export const mailSentSchema = z.object({ sentTo: z.string(), message: z.string() });

/** The account's sign-in phone number (E.164), null when it has none (`GET`, `POST`, `DELETE /api/me/phone`). */
export const accountPhoneSchema = z.object({ phoneNumber: z.string().nullable() });

/** `DELETE /api/me/sessions/{id}`: whether the session signed out was the caller's own. */
export const sessionRevokedSchema = z.object({ current: z.boolean() });

/** `POST /api/me/sessions/sign-out-others`: how many sessions were signed out. */
export const otherSessionsRevokedSchema = z.object({ signedOut: z.number().int() });

/**
 * A sign-in with a mailed link (`POST /api/account/email-link/sign-in`). With two-factor
 * authentication on, no session is made yet: `user` is null, `twoFactorRequired` true, and the
 * cookies start the second step.
 */
export const linkSignInSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  twoFactorRequired: z.boolean(),
});

/** `POST /api/account/password-reset/confirm`: as a link sign-in, with what happened in words. */
export const passwordResetDoneSchema = linkSignInSchema.extend({ message: z.string() });

/** `POST /api/sign-in/phone`: signed in (session cookie), or `twoFactorRequired` with the second step's cookie. */
export const phoneSignInSchema = z.object({ twoFactorRequired: z.boolean() });

/** An order as the admin list shows it: also the customer's name (null once their account is deleted). */
export const adminOrderSchema = orderSchema.extend({ customerName: z.string().nullable(), customerEmail: z.string().nullable() });

/** `GET /api/admin/orders`: one page of every order. */
export const adminOrderListSchema = pageSchema(adminOrderSchema);

/** A review as admins see it: whether it is hidden, the author's address, and the tool's name (null for the shop). */
export const adminReviewSchema = reviewSchema.extend({ hidden: z.boolean(), authorEmail: z.string(), productName: z.string().nullable(), editedAt: z.string().nullable() });

/** `GET /api/admin/reviews`: one page of every review, and how many are hidden in all. */
export const adminReviewListSchema = pageSchema(adminReviewSchema).extend({ hidden: z.number().int() });

/** A message sent through the contact form (`GET /api/admin/messages`). */
export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  country: z.string(),
  message: z.string(),
  createdAt: z.string(),
});

/** A newsletter subscriber (`GET /api/admin/subscribers`): subscribed (confirmed) at `confirmedAt`, signed up at `createdAt`. */
export const subscriberSchema = z.object({ email: z.string(), confirmedAt: z.string().nullable(), createdAt: z.string() });

/** Mail not delivered over SMTP yet (`GET /api/admin/mail`). */
export const undeliveredMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  attempts: z.number().int(),
  error: z.string().nullable().describe("The last delivery's error; null before the first try"),
  nextAttemptAt: z.string().nullable(),
  gaveUp: z.boolean(),
});

/** One line of the cart, priced now. */
const cartLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  stock: z.number().int(),
  minOrderQuantity: z.number().int(),
  quantity: z.number().int(),
  lineTotalCents: z.number().int(),
});

/** `GET` and `PUT /api/cart`: the lines on sale, their total, and the saved lines no longer on sale. */
export const cartSchema = z.object({
  items: z.array(cartLineSchema),
  totalCents: z.number().int(),
  currency: z.string(),
  noLongerOnSale: z.array(z.object({ productId: z.string(), name: z.string() })).describe("Saved lines whose product was taken off sale: not in items or the total"),
});

/** `POST /api/orders/{id}/payment`: what the page needs to take the payment. */
export const paymentStartSchema = z.object({
  provider: z.enum(["test", "stripe"]),
  amountCents: z.number().int(),
  currency: z.string(),
  clientSecret: z.string().optional().describe("The PaymentIntent's client secret, with Stripe only"),
  publishableKey: z.string().optional().describe("Stripe's publishable key, with Stripe only"),
});

/** `POST /api/webhooks/stripe`: which event was acted on, or why it was ignored. */
export const webhookHandledSchema = z.object({ handled: z.string() });

/** `GET /api/openapi.json`: this document (its parts described by OpenAPI 3.1 itself). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

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
  Assert<Same<z.infer<typeof adminOrderSchema>, AdminOrderView>>,
  Assert<Same<z.infer<typeof adminOrderListSchema>, Page<AdminOrderView>>>,
  Assert<Same<z.infer<typeof adminReviewSchema>, AdminReviewView>>,
  Assert<Same<z.infer<typeof profileViewSchema>, ProfileView>>,
  Assert<Same<z.infer<typeof cartSchema>, CartView>>,
  Assert<Same<z.infer<typeof paymentStartSchema>, PaymentStart>>,
];
