import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ---- better-auth tables (https://www.better-auth.com/docs/concepts/database#core-schema),
// plus the shop's role and disabled fields (declared to better-auth by lib/accounts/auth-plugin.ts).
// Keys are better-auth's field names.

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  role: text("role").notNull().default("user"),
  // Set by an admin (lib/accounts/disable.ts): the account cannot sign in and has no sessions.
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  // better-auth's phone-number and two-factor plugins.
  phoneNumber: text("phone_number").unique(),
  phoneNumberVerified: boolean("phone_number_verified"),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
}, (t) => [
  // Make Admin pages through accounts oldest first and counts the admins.
  index("user_created_at_id_idx").on(t.createdAt, t.id),
  index("user_role_idx").on(t.role),
  // The upload sweep (lib/storage/sweep.ts) asks whether an uploaded photo is an account's.
  index("user_uploaded_image_idx").on(t.image).where(sql`image like '/uploads/%'`),
]);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

// ---- the shop

export const product = pgTable(
  "product",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    imageUrl: text("image_url").notNull(),
    priceCents: integer("price_cents").notNull(),
    currency: text("currency").notNull().default("USD"),
    stock: integer("stock").notNull(),
    minOrderQuantity: integer("min_order_quantity").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Products are soft-deleted: orders keep pointing at them, the catalog stops showing them.
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    check("product_price_positive", sql`${t.priceCents} > 0`),
    check("product_stock_nonnegative", sql`${t.stock} >= 0`),
    check("product_min_order_positive", sql`${t.minOrderQuantity} >= 1`),
    index("product_name_idx").on(t.name),
    // Names are unique among the products on sale, in any case (lib/catalog/service.ts claimName). Not a
    // unique index: a shop that already has two products of one name must still migrate.
    index("product_live_name_lower_idx").on(sql`lower(${t.name})`).where(sql`deleted_at is null`),
    // Deleted Products, the most recently deleted first.
    index("product_deleted_newest_idx").on(t.deletedAt.desc(), t.id.desc()).where(sql`deleted_at is not null`),
    // The upload sweep asks whether an uploaded photo is a product's (on sale or deleted: a restore brings it back).
    index("product_uploaded_image_idx").on(t.imageUrl).where(sql`image_url like '/uploads/%'`),
  ],
);

/** Human order numbers (TF-100001 upwards); a sequence never hands out the same number twice. */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 100001 });

export const ORDER_STATUSES = ["unpaid", "paid", "cancelled", "expired", "refunded"] as const;

export const order = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    number: integer("number").notNull().default(sql`nextval('order_number_seq')`),
    // Null once the customer deleted their account: the order stays for the books, anonymised (ADR 015).
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    subtotalCents: integer("subtotal_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    shipName: text("ship_name").notNull().default(""),
    shipLine1: text("ship_line1").notNull().default(""),
    shipLine2: text("ship_line2").notNull().default(""),
    shipCity: text("ship_city").notNull().default(""),
    shipRegion: text("ship_region").notNull().default(""),
    shipPostalCode: text("ship_postal_code").notNull().default(""),
    shipCountry: text("ship_country").notNull().default(""),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("unpaid"),
    shipping: text("shipping", { enum: ["pending", "shipped"] }).notNull().default("pending"),
    paymentRef: text("payment_ref"),
    // The Stripe PaymentIntent opened for this order, so that cancelling or expiring the order cancels it too.
    paymentIntentId: text("payment_intent_id"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    refundReason: text("refund_reason"),
    // When Stripe confirmed that a closed order's PaymentIntent can take no payment (cancelled, or its
    // payment settled and refunded). Null on a closed order with an intent: the cancel is still owed.
    paymentIntentClosedAt: timestamp("payment_intent_closed_at", { withTimezone: true }),
  },
  (t) => [
    check("order_total_matches", sql`${t.totalCents} = ${t.subtotalCents} + ${t.shippingCents}`),
    check("order_shipping_nonnegative", sql`${t.shippingCents} >= 0`),
    uniqueIndex("orders_number_unique").on(t.number),
    // My Orders (a customer's orders, newest first), Manage Order (all, or by status, or by status and
    // shipping, newest first): each list is one index range read backwards from its keyset cursor.
    index("orders_user_id_created_at_id_idx").on(t.userId, t.createdAt, t.id),
    index("orders_created_at_id_idx").on(t.createdAt, t.id),
    index("orders_status_created_at_id_idx").on(t.status, t.createdAt, t.id),
    index("orders_status_shipping_created_at_id_idx").on(t.status, t.shipping, t.createdAt, t.id),
    index("orders_status_expires_idx").on(t.status, t.expiresAt),
    // The cap on unpaid orders (ADR 045) counts one account's unpaid orders under its lock on every
    // order placed: read from this small index, not from all of the account's orders.
    index("orders_unpaid_user_id_expires_idx").on(t.userId, t.expiresAt).where(sql`status = 'unpaid'`),
    // The PaymentIntent cancels still owed (ADR 024): a handful of rows at most, read by the retry job.
    index("orders_intent_cancel_owed_idx")
      .on(t.id)
      .where(sql`status in ('cancelled', 'expired') and payment_intent_id is not null and payment_intent_closed_at is null`),
  ],
);

/** What was bought: one row per product in an order, priced when the order was placed. */
export const orderLine = pgTable(
  "order_line",
  {
    id: text("id").primaryKey(),
    // Orders are never deleted; the database refuses to delete an order that has lines.
    orderId: text("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
    productId: text("product_id")
      .notNull()
      .references(() => product.id),
    productName: text("product_name").notNull(),
    productImageUrl: text("product_image_url").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
  },
  (t) => [
    check("order_line_quantity_positive", sql`${t.quantity} > 0`),
    check("order_line_total_matches", sql`${t.totalCents} = ${t.unitPriceCents} * ${t.quantity}`),
    uniqueIndex("order_line_order_position_unique").on(t.orderId, t.position),
    index("order_line_product_id_idx").on(t.productId),
    // The upload sweep asks whether an uploaded photo is still on an order (the photo a tool had when it was bought).
    index("order_line_uploaded_image_idx").on(t.productImageUrl).where(sql`product_image_url like '/uploads/%'`),
  ],
);

/** A placed order remembered under the customer's Idempotency-Key for 24 hours. */
export const orderRequest = pgTable(
  "order_request",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    // Set in the same transaction that claims the key, so no other request ever sees it empty.
    orderId: text("order_id").references(() => order.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("order_request_created_at_idx").on(t.createdAt)],
);

export const payment = pgTable(
  "payment",
  {
    id: text("id").primaryKey(),
    // Payments are never deleted, and neither is an order that has one.
    orderId: text("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "restrict" }),
    provider: text("provider", { enum: ["test", "stripe"] }).notNull(),
    reference: text("reference").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    // False for a payment that arrived when the order could no longer take it (cancelled, expired, or
    // already paid): such a payment is refunded at once.
    accepted: boolean("accepted").notNull().default(true),
    refundReference: text("refund_reference"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    refundReason: text("refund_reason"),
    // The refund at refund_reference did not reach the customer (the processor refused it, at once or
    // later): refunded_at is then empty, and the admins were told to pay the money back another way.
    refundFailedAt: timestamp("refund_failed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One accepted payment per order: the database itself refuses a second one.
    uniqueIndex("payment_order_id_unique").on(t.orderId).where(sql`${t.accepted}`),
    uniqueIndex("payment_reference_unique").on(t.provider, t.reference),
  ],
);

/** A signed-in customer's cart, kept on the account so that it follows them across devices. */
export const cartItem = pgTable(
  "cart_item",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => product.id),
    quantity: integer("quantity").notNull(),
    position: integer("position").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), check("cart_item_quantity_positive", sql`${t.quantity} > 0`)],
);

export const review = pgTable(
  "review",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // Null: the customer's review of the shop (the seed's one review). Set: a review of a product they bought.
    productId: text("product_id").references(() => product.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    rating: real("rating").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Admin reviews (all) and the public reviews (visible only), newest first, paged by keyset.
    index("review_created_at_id_idx").on(t.createdAt, t.id),
    // Admin reviews, last written or edited first: an edited review comes back before the moderators.
    index("review_updated_at_id_idx").on(t.updatedAt, t.id),
    index("review_visible_created_at_id_idx").on(t.createdAt, t.id).where(sql`hidden = false`),
    // The home page's reviews of the shop (product reviews show on their product's page).
    index("review_shop_visible_created_at_id_idx").on(t.createdAt, t.id).where(sql`hidden = false and product_id is null`),
    // One shop review per customer, and one review per customer and product.
    uniqueIndex("review_user_shop_unique").on(t.userId).where(sql`${t.productId} is null`),
    uniqueIndex("review_user_product_unique").on(t.userId, t.productId).where(sql`${t.productId} is not null`),
    index("review_product_id_idx").on(t.productId),
    // A product's visible reviews, newest first: its page and every page of its reviews (keyset).
    index("review_product_visible_created_at_id_idx").on(t.productId, t.createdAt, t.id).where(sql`hidden = false`),
    check("review_rating_range", sql`${t.rating} >= 1 and ${t.rating} <= 5`),
  ],
);

export const profile = pgTable("profile", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  education: text("education"),
  address: text("address"),
  phone: text("phone"),
  birthday: date("birthday", { mode: "string" }),
  updatedAt: updatedAt(),
});

export const contactMessage = pgTable(
  "contact_message",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull(),
    country: text("country").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_message_created_at_id_idx").on(t.createdAt, t.id)],
);

export const newsletterSubscriber = pgTable(
  "newsletter_subscriber",
  {
    id: text("id").primaryKey(),
    // Stored lower-cased so that sign-up is idempotent per address whatever its case.
    email: text("email").notNull().unique(),
    createdAt: createdAt(),
    // Double opt-in: null until the address's owner confirms from the mail the sign-up sent. Only
    // confirmed subscribers are listed and exported; an unconfirmed sign-up is dropped after a week.
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    // When the last confirmation mail went out, and how many have: at most one a day and three in all
    // per address, whoever fills the form in (lib/messages/confirm.ts).
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    confirmationMails: integer("confirmation_mails").notNull().default(0),
  },
  (t) => [
    // The confirmed list, oldest first (the admin list and the CSV export page through it).
    index("newsletter_subscriber_confirmed_created_at_email_idx").on(t.createdAt, t.email).where(sql`confirmed_at is not null`),
    // The sweep of sign-ups never confirmed, a week after their last mail.
    index("newsletter_subscriber_unconfirmed_last_mail_idx").on(sql`greatest(created_at, confirmation_sent_at)`).where(sql`confirmed_at is null`),
  ],
);

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    // Where a reply goes when it is not the shop's own address: the visitor who wrote a contact message.
    replyTo: text("reply_to"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    // Delivery tries so far, and when the next may start (the mail worker backs off after each failure).
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_undelivered_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
    // The admins' outbox page (no SMTP_URL): newest first, a page at a time.
    index("mail_outbox_created_at_id_idx").on(t.createdAt, t.id),
    // The admins' undelivered mail (with SMTP_URL): the same order among the few not sent, not every sent one.
    index("mail_outbox_undelivered_created_at_id_idx").on(t.createdAt, t.id).where(sql`${t.sentAt} is null`),
    // The retention sweep: delivered mail older than MAIL_RETENTION_DAYS, oldest first.
    index("mail_outbox_sent_at_idx").on(t.sentAt).where(sql`${t.sentAt} is not null`),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    actorId: text("actor_id").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_at_id_idx").on(t.createdAt, t.id),
    // The log of one kind of thing, and one thing's history (an order's, a product's, an account's), newest first.
    index("audit_log_entity_created_at_id_idx").on(t.entity, t.createdAt, t.id),
    index("audit_log_entity_entity_id_created_at_id_idx").on(t.entity, t.entityId, t.createdAt, t.id),
  ],
);

// better-auth's two-factor plugin (https://www.better-auth.com/docs/plugins/2fa#schema); the secret and
// backup codes are stored encrypted with the auth secret. last_totp_step is ours: the time step of the
// last accepted authenticator code, so that one code cannot be used twice (RFC 6238 §5.2).
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastTotpStep: integer("last_totp_step"),
  },
  (t) => [uniqueIndex("two_factor_user_id_unique").on(t.userId)],
);

/** Text messages written instead of sent when no SMS provider is configured (development). */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sms_outbox_created_at_idx").on(t.createdAt)],
);

/**
 * Exact row counts of the big tables, kept by triggers (drizzle/*-sql.sql), so a list's total is one
 * indexed read instead of counting 100,000 rows on every page. Keys: "user", "review", "review:visible",
 * and "orders:<status>:<shipping>" (summed for a filter).
 */
export const rowCount = pgTable("row_count", {
  key: text("key").primaryKey(),
  n: bigint("n", { mode: "number" }).notNull().default(0),
});

export const authSchema = { user, session, account, verification, twoFactor };

export { rateLimitHit } from "./rate-limit";
export * from "./identity";

/** PostgreSQL's bytea, as a Buffer on both engines (pg answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

// Uploaded images when the shop runs on PostgreSQL without Cloudinary (lib/storage): every instance
// serves every image. Names are random and an image is never rewritten.
export const storedImage = pgTable("stored_image", {
  name: text("name").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: createdAt(),
});
