import { z, type ZodType } from "zod";
import { apiRoutes, type Access } from "@/lib/api/routes";
import {
  accountViewSchema,
  emailChangeSchema,
  emailRequestSchema,
  linkTokenSchema,
  passwordChangeSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  registerFieldsSchema,
  sessionListQuerySchema,
} from "@/models/accounts";
import type { deleteAccount } from "@/lib/accounts/delete-account";
import type { signInWithEmailLink } from "@/lib/accounts/link-sign-in";
import type { AccountPhone, PhoneSignIn } from "@/lib/accounts/phone";
import type { Registered } from "@/lib/accounts/register";
import type { UserView } from "@/lib/accounts/service";
import type { revokeOtherSessions, revokeSession } from "@/lib/accounts/sessions";
import type { UserList } from "@/lib/accounts/users";
import type { UndeliveredMail } from "@/lib/mail/outbox";
import type { ContactMessageView, SubscriberView } from "@/lib/messages/service";
import type { handleStripeWebhook } from "@/lib/payments/service";
import type { AdminReviewList } from "@/lib/reviews/service";
import {
  accountDeletedSchema,
  accountPhoneSchema,
  adminOrderListSchema,
  adminReviewListSchema,
  adminReviewSchema,
  auditEntrySchema,
  authErrorBodySchema,
  cartSchema,
  contactMessageSchema,
  deletedProductSchema,
  errorBodySchema,
  healthSchema,
  linkSignInSchema,
  liveSchema,
  mailSentSchema,
  meSchema,
  messageSchema,
  openApiDocumentSchema,
  orderSchema,
  otherSessionsRevokedSchema,
  pageSchema,
  passwordResetDoneSchema,
  paymentStartSchema,
  phoneSignInSchema,
  productListSchema,
  productReviewPageSchema,
  productSchema,
  profileViewSchema,
  readinessSchema,
  registeredSchema,
  reviewSchema,
  sessionRevokedSchema,
  sessionSchema,
  subscriberSchema,
  undeliveredMailSchema,
  uploadSchema,
  userListSchema,
  userSchema,
  webhookHandledSchema,
} from "@/models/api-responses";
import { auditListQuerySchema } from "@/models/audit";
import { deletedProductListQuerySchema, productInputSchema, productPatchSchema, productQuerySchema } from "@/models/catalog";
import { putCartSchema } from "@/models/cart";
import {
  contactMessageListQuerySchema,
  contactSchema,
  newsletterConfirmedSchema,
  newsletterConfirmSchema,
  newsletterSchema,
  subscriberEraseQuerySchema,
  subscriberListQuerySchema,
  undeliveredMailListQuerySchema,
  unsubscribedSchema,
  unsubscribeSchema,
} from "@/models/messages";
import { adminOrderListQuerySchema, idempotencyKeySchema, myOrderListQuerySchema, placeOrderBodySchema, refundSchema, shippingSchema } from "@/models/orders";
import { confirmStripePaymentSchema, confirmTestPaymentSchema } from "@/models/payments";
import { phoneCodeEntrySchema, phoneCodeRequestSchema } from "@/models/phone";
import { profileSchema } from "@/models/profile";
import { reviewInputSchema, reviewListQuerySchema, reviewModerationSchema } from "@/models/reviews";
import { accountStatusSchema, roleChangeSchema, userListQuerySchema } from "@/models/users";

/**
 * The API's OpenAPI 3.1 document, generated from the zod schemas the handlers parse with (request
 * bodies, query strings) and the answer shapes in models/api-responses.ts. Served at
 * GET /api/openapi.json; tests/integration/openapi.test.ts validates real answers against it.
 */

type JsonSchema = Record<string, unknown>;

/** JSON bodies, by route: the same schema objects the handlers pass to readJson. */
const JSON_BODIES: Record<string, ZodType> = {
  "POST /api/products": productInputSchema,
  "PATCH /api/products/{id}": productPatchSchema,
  "POST /api/reviews": reviewInputSchema,
  "PATCH /api/reviews/{id}": reviewModerationSchema,
  "POST /api/orders": placeOrderBodySchema,
  "POST /api/orders/{id}/refund": refundSchema,
  "PUT /api/cart": putCartSchema,
  "POST /api/cart/join": putCartSchema,
  "POST /api/orders/{id}/payment/confirm": z.union([confirmTestPaymentSchema, confirmStripePaymentSchema]),
  "PATCH /api/orders/{id}/shipping": shippingSchema,
  "POST /api/contact": contactSchema,
  "POST /api/newsletter": newsletterSchema,
  "POST /api/newsletter/confirm": newsletterConfirmSchema,
  "POST /api/newsletter/unsubscribe": unsubscribeSchema,
  "POST /api/account/password-reset": passwordResetRequestSchema,
  "POST /api/account/password-reset/confirm": passwordResetSchema,
  "POST /api/account/email-link": emailRequestSchema,
  "POST /api/account/email-link/sign-in": linkTokenSchema,
  "POST /api/sign-in/phone/code": phoneCodeRequestSchema,
  "POST /api/sign-in/phone": phoneCodeEntrySchema,
  "PATCH /api/me/profile": profileSchema,
  "POST /api/me/email": emailChangeSchema,
  "POST /api/me/password": passwordChangeSchema,
  "POST /api/me/phone": phoneCodeEntrySchema,
  "POST /api/me/phone/code": phoneCodeRequestSchema,
  "PATCH /api/users/{id}/role": roleChangeSchema,
  "PATCH /api/users/{id}/status": accountStatusSchema,
};

/**
 * The bodies of the better-auth endpoints the shop answers (lib/accounts/auth-routes.ts), as that
 * library reads them: written out here, as they are not the shop's zod schemas, with the fields a
 * client of this shop uses. Their answers stay described by status class only.
 */
const password = { type: "string", description: "The account's password; an account without one (made through a provider) sends none and needs a sign-in from the last 10 minutes." };
const secondFactorCode = { type: "string", description: "The 6-digit code the authenticator app shows, or for verify-backup-code one of the backup codes." };
const AUTH_BODIES: Record<string, JsonSchema> = {
  "POST /api/auth/sign-in/email": {
    type: "object",
    required: ["email", "password"],
    properties: { email: { type: "string" }, password: { type: "string" }, rememberMe: { type: "boolean", default: true } },
    description: "With two-factor on, the answer is `{ twoFactorRedirect: true }` and a challenge cookie for the second step.",
  },
  "POST /api/auth/sign-in/social": {
    type: "object",
    required: ["provider"],
    properties: {
      provider: { type: "string", description: "The id of a configured provider, as the sign-in page's buttons send it" },
      callbackURL: { type: "string" },
      newUserCallbackURL: { type: "string" },
      errorCallbackURL: { type: "string" },
    },
    description: "Answers the provider's address to send the browser to; a body with an idToken is a 400.",
  },
  "POST /api/auth/sign-out": { type: "object", properties: {} },
  "POST /api/auth/two-factor/enable": { type: "object", properties: { password } },
  "POST /api/auth/two-factor/verify-totp": { type: "object", required: ["code"], properties: { code: secondFactorCode, trustDevice: { type: "boolean" } } },
  "POST /api/auth/two-factor/verify-backup-code": { type: "object", required: ["code"], properties: { code: secondFactorCode, trustDevice: { type: "boolean" } } },
  "POST /api/auth/two-factor/generate-backup-codes": { type: "object", properties: { password } },
  "POST /api/auth/two-factor/disable": { type: "object", properties: { password } },
};

/** What a JSON body means beyond its schema, where one route takes one of two shapes. */
const BODY_DESCRIPTIONS: Record<string, string> = {
  "POST /api/orders/{id}/payment/confirm":
    "With the test processor (no `STRIPE_SECRET_KEY`): `{ card, authentication? }`. With Stripe: `{ paymentIntentId }`. The shape of the other mode is a 422 naming its unknown field.",
};

/** The register form's fields, with the limits the handler checks (registerFieldsSchema), and the photo. */
function registerBody(): JsonSchema {
  const fields = toSchema(registerFieldsSchema, "input");
  return {
    ...fields,
    additionalProperties: false,
    required: [...((fields.required as string[] | undefined) ?? []), "photo"],
    properties: { ...(fields.properties as JsonSchema), photo: { type: "string", contentMediaType: "image/*" } },
  };
}

const MULTIPART_BODIES: Record<string, JsonSchema> = {
  "POST /api/register": registerBody(),
  "POST /api/uploads": { type: "object", required: ["file"], properties: { file: { type: "string", contentMediaType: "image/*" } } },
  // A new name, a new photo, or both; at least one of them.
  "PATCH /api/me/identity": {
    type: "object",
    additionalProperties: false,
    minProperties: 1,
    properties: { name: { type: "string", minLength: 1, maxLength: 80 }, photo: { type: "string", contentMediaType: "image/*" } },
  },
};

/** Form-encoded bodies a route takes besides its JSON one. */
const FORM_BODIES: Record<string, { schema: JsonSchema; description: string }> = {
  // RFC 8058: a mail client's one-click unsubscribe; email and token travel in the query of the List-Unsubscribe URL.
  "POST /api/newsletter/unsubscribe": {
    description: "JSON `{ email, token }`, or RFC 8058 one-click: `List-Unsubscribe=One-Click` form-encoded, with `email` and `token` in the query.",
    schema: { type: "object", required: ["List-Unsubscribe"], properties: { "List-Unsubscribe": { const: "One-Click" } } },
  },
  // The confirmation page's plain form (/confirm-email); it answers 303 to the page that shows the outcome.
  "POST /api/account/confirm-email-change": {
    description: "Form-encoded `token`, the one in the mailed link; any other content type is a 415.",
    // The same schema the handler parses the form's fields with.
    schema: toSchema(linkTokenSchema, "input"),
  },
};

const QUERIES: Record<string, ZodType> = {
  "GET /api/products": productQuerySchema,
  "GET /api/admin/orders": adminOrderListQuerySchema,
  "GET /api/orders": myOrderListQuerySchema,
  "GET /api/reviews": reviewListQuerySchema,
  "GET /api/products/{id}/reviews": reviewListQuerySchema,
  "GET /api/admin/reviews": reviewListQuerySchema,
  "GET /api/admin/deleted-products": deletedProductListQuerySchema,
  "GET /api/admin/audit": auditListQuerySchema,
  "GET /api/users": userListQuerySchema,
  "GET /api/me/sessions": sessionListQuerySchema,
  "GET /api/admin/subscribers": subscriberListQuerySchema,
  "DELETE /api/admin/subscribers": subscriberEraseQuerySchema,
  "GET /api/admin/messages": contactMessageListQuerySchema,
  "GET /api/admin/mail": undeliveredMailListQuerySchema,
  // The mailed links: each carries its token in the query.
  "GET /api/account/verify-email": linkTokenSchema,
  "GET /api/account/confirm-email-change": linkTokenSchema,
};

/** Request headers a route reads. */
const HEADERS: Record<string, JsonSchema[]> = {
  "POST /api/orders": [
    {
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description:
        "Makes a retry safe: the same key with the same body within 24 hours answers the order it placed (with `Idempotent-Replayed: true`) instead of placing another; the same key with another body is a 422. A malformed key is a 400.",
      schema: toSchema(idempotencyKeySchema, "input"),
    },
  ],
};

/**
 * Documented successful answers: status and JSON body shape. Every route of the shop's own answers a
 * JSON body described here, except those that answer none (204, 303) or not JSON (the Prometheus
 * text); better-auth's routes under /api/auth document their status class only.
 * tests/integration/openapi.test.ts lists those exceptions and fails on any other route without one.
 */
type Answer = {
  status: number;
  schema?: ZodType;
  /** Another answer with the same body: 200 when a write changed what already existed, 503 from a health check that fails. */
  alsoStatus?: number;
  alsoDescription?: string;
  /** The same success in another media type (a CSV export of the same list). */
  otherContent?: Record<string, { schema: JsonSchema }>;
  /** A few words on what the success is, beside "Success". */
  description?: string;
};

const CSV_DOWNLOAD: Record<string, { schema: JsonSchema }> = {
  "text/csv": { schema: { type: "string", description: "With `format=csv`: every confirmed subscriber, streamed as an attachment" } },
};

const ANSWERS: Record<string, Answer> = {
  "GET /api/health": { status: 200, schema: healthSchema, alsoStatus: 503, alsoDescription: "The database is down" },
  "GET /api/health/live": { status: 200, schema: liveSchema },
  "GET /api/health/ready": { status: 200, schema: readinessSchema, alsoStatus: 503, alsoDescription: "Not ready: the checks say which failed" },
  "GET /api/openapi.json": { status: 200, schema: openApiDocumentSchema, description: "this document" },
  "POST /api/webhooks/stripe": { status: 200, schema: webhookHandledSchema },
  "GET /api/products": { status: 200, schema: productListSchema },
  "POST /api/products": { status: 201, schema: productSchema },
  "GET /api/products/{id}": { status: 200, schema: productSchema },
  "PATCH /api/products/{id}": { status: 200, schema: productSchema },
  "DELETE /api/products/{id}": { status: 204 },
  "POST /api/products/{id}/restore": { status: 200, schema: productSchema },
  "GET /api/admin/deleted-products": { status: 200, schema: pageSchema(deletedProductSchema) },
  "GET /api/admin/audit": { status: 200, schema: pageSchema(auditEntrySchema) },
  "GET /api/reviews": { status: 200, schema: pageSchema(reviewSchema) },
  "GET /api/products/{id}/reviews": { status: 200, schema: productReviewPageSchema },
  "POST /api/reviews": { status: 201, schema: reviewSchema, alsoStatus: 200, alsoDescription: "Your review of the shop was already there: updated" },
  "PATCH /api/reviews/{id}": { status: 200, schema: adminReviewSchema },
  "DELETE /api/reviews/{id}": { status: 204 },
  "GET /api/orders": { status: 200, schema: pageSchema(orderSchema) },
  "POST /api/orders": { status: 201, schema: orderSchema },
  "GET /api/orders/{id}": { status: 200, schema: orderSchema },
  "DELETE /api/orders/{id}": { status: 200, schema: orderSchema },
  "POST /api/orders/{id}/cancel": { status: 200, schema: orderSchema },
  "POST /api/orders/{id}/refund": { status: 200, schema: orderSchema },
  "POST /api/orders/{id}/payment": { status: 200, schema: paymentStartSchema },
  "POST /api/orders/{id}/payment/confirm": { status: 200, schema: orderSchema, description: "the order, paid" },
  "PATCH /api/orders/{id}/shipping": { status: 200, schema: orderSchema },
  "GET /api/cart": { status: 200, schema: cartSchema },
  "PUT /api/cart": { status: 200, schema: cartSchema },
  "POST /api/cart/join": { status: 200, schema: cartSchema },
  "POST /api/contact": { status: 201, schema: messageSchema },
  "POST /api/newsletter": { status: 200, schema: messageSchema },
  "POST /api/newsletter/confirm": { status: 200, schema: newsletterConfirmedSchema },
  "POST /api/newsletter/unsubscribe": { status: 200, schema: unsubscribedSchema },
  "POST /api/uploads": { status: 201, schema: uploadSchema },
  "POST /api/register": { status: 201, schema: registeredSchema },
  "GET /api/me": { status: 200, schema: meSchema },
  "DELETE /api/me": { status: 200, schema: accountDeletedSchema },
  "PATCH /api/me/profile": { status: 200, schema: profileViewSchema },
  "PATCH /api/me/identity": { status: 200, schema: accountViewSchema },
  "POST /api/me/password": { status: 200, schema: messageSchema },
  "GET /api/me/phone": { status: 200, schema: accountPhoneSchema },
  "POST /api/me/phone": { status: 200, schema: accountPhoneSchema },
  "DELETE /api/me/phone": { status: 200, schema: accountPhoneSchema },
  "GET /api/me/sessions": { status: 200, schema: pageSchema(sessionSchema) },
  "DELETE /api/me/sessions/{id}": { status: 200, schema: sessionRevokedSchema },
  "POST /api/me/sessions/sign-out-others": { status: 200, schema: otherSessionsRevokedSchema },
  "GET /api/users": { status: 200, schema: userListSchema },
  "PATCH /api/users/{id}/role": { status: 200, schema: userSchema },
  "PATCH /api/users/{id}/status": { status: 200, schema: userSchema },
  "GET /api/admin/orders": { status: 200, schema: adminOrderListSchema },
  "GET /api/admin/reviews": { status: 200, schema: adminReviewListSchema },
  "GET /api/admin/messages": { status: 200, schema: pageSchema(contactMessageSchema) },
  "DELETE /api/admin/messages/{id}": { status: 204, description: "erased, with an audit entry that keeps no personal data" },
  "GET /api/admin/subscribers": { status: 200, schema: pageSchema(subscriberSchema), otherContent: CSV_DOWNLOAD },
  "DELETE /api/admin/subscribers": { status: 204, description: "erased, with an audit entry that keeps no personal data" },
  "GET /api/admin/mail": { status: 200, schema: pageSchema(undeliveredMailSchema) },
  "POST /api/admin/mail/retry": { status: 200, schema: z.object({ retried: z.number().int() }) },
  "POST /api/account/password-reset": { status: 202, schema: messageSchema },
  "POST /api/account/password-reset/confirm": { status: 200, schema: passwordResetDoneSchema },
  "POST /api/account/email-link": { status: 202, schema: messageSchema },
  "POST /api/account/email-link/sign-in": { status: 200, schema: linkSignInSchema },
  "GET /api/account/verify-email": { status: 303 },
  "GET /api/account/confirm-email-change": { status: 303 },
  "POST /api/account/confirm-email-change": { status: 303 },
  "POST /api/sign-in/phone/code": { status: 202, schema: messageSchema },
  "POST /api/sign-in/phone": { status: 200, schema: phoneSignInSchema },
  "POST /api/me/phone/code": { status: 202, schema: messageSchema },
  "POST /api/me/email": { status: 202, schema: mailSentSchema },
  "POST /api/me/verification-email": { status: 202, schema: mailSentSchema },
  // Prometheus text exposition format, not JSON.
  "GET /api/metrics": { status: 200, otherContent: { "text/plain": { schema: { type: "string" } } } },
};

// The answer shapes above against the types the services in lib/ return (those in models/ are checked
// in models/api-responses.ts): a field added, dropped or retyped on one side fails the type check.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
type Answered<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
export type AnswerShapesMatchTheServices = [
  Assert<Same<z.infer<typeof userSchema>, UserView>>,
  Assert<Same<z.infer<typeof userListSchema>, UserList>>,
  Assert<Same<z.infer<typeof registeredSchema>, Omit<Registered, "setCookies" | "authToken">>>,
  Assert<Same<z.infer<typeof accountDeletedSchema>, Answered<typeof deleteAccount>>>,
  Assert<Same<z.infer<typeof accountPhoneSchema>, AccountPhone>>,
  Assert<Same<z.infer<typeof sessionRevokedSchema>, Answered<typeof revokeSession>>>,
  Assert<Same<z.infer<typeof otherSessionsRevokedSchema>, Answered<typeof revokeOtherSessions>>>,
  Assert<Same<z.infer<typeof linkSignInSchema>, Omit<Answered<typeof signInWithEmailLink>, "setCookies">>>,
  Assert<Same<z.infer<typeof phoneSignInSchema>, Omit<PhoneSignIn, "setCookies">>>,
  Assert<Same<z.infer<typeof adminReviewListSchema>, AdminReviewList>>,
  Assert<Same<z.infer<typeof contactMessageSchema>, ContactMessageView>>,
  Assert<Same<z.infer<typeof subscriberSchema>, SubscriberView>>,
  Assert<Same<z.infer<typeof undeliveredMailSchema>, UndeliveredMail>>,
  Assert<Same<z.infer<typeof webhookHandledSchema>, Answered<typeof handleStripeWebhook>>>,
];

const ACCESS_TEXT: Record<Access, string> = {
  public: "Anyone.",
  "signed-in": "A signed-in account (session cookie or `Authorization: Bearer <session token>`). Without one: 401.",
  admin: "A signed-in admin. Signed out: 401; any other account: 403.",
  token: "`Authorization: Bearer $METRICS_TOKEN`. 404 while METRICS_TOKEN is unset, 401 without the token.",
  webhook: "Stripe, proven by the `Stripe-Signature` header; 404 while Stripe is not configured.",
};

function toSchema(schema: ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  return rest;
}

function queryParameters(schema: ZodType): JsonSchema[] {
  const json = toSchema(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({ name, in: "query", required: required.has(name), schema: property }));
}

export function buildOpenApiDocument(serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [key, row] of Object.entries(apiRoutes())) {
    const [method, path] = key.split(" ") as [string, string];
    const isAuth = path.startsWith("/api/auth/");
    const errorSchema = isAuth ? { anyOf: [{ $ref: "#/components/schemas/Error" }, { $ref: "#/components/schemas/AuthError" }] } : { $ref: "#/components/schemas/Error" };
    const answer = ANSWERS[key];
    const content: Record<string, { schema: JsonSchema }> = {
      ...(answer?.schema ? { "application/json": { schema: toSchema(answer.schema, "output") } } : {}),
      ...answer?.otherContent,
    };
    const description = answer?.description ? `Success: ${answer.description}` : "Success";
    const success: JsonSchema = Object.keys(content).length > 0 ? { description, content } : { description };
    const operation: JsonSchema = {
      operationId: key.replace(/[^A-Za-z0-9]+/g, "_").replace(/_+$/, ""),
      summary: row.purpose,
      description: `Who may call: ${ACCESS_TEXT[row.access]}`,
      "x-access": row.access,
      responses: {
        [answer ? String(answer.status) : "2XX"]: success,
        ...(answer?.alsoStatus ? { [String(answer.alsoStatus)]: { ...success, description: answer.alsoDescription ?? "Success" } } : {}),
        "4XX": { description: "Refused: `error.code` says why, `error.fields` names each field at fault", content: { "application/json": { schema: errorSchema } } },
        "5XX": { description: "Unavailable or failed", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
      },
    };
    const parameters: JsonSchema[] = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => ({ name: match[1], in: "path", required: true, schema: { type: "string" } }));
    const query = QUERIES[key];
    if (query) parameters.push(...queryParameters(query));
    parameters.push(...(HEADERS[key] ?? []));
    if (parameters.length > 0) operation.parameters = parameters;
    const jsonBody = JSON_BODIES[key];
    const multipart = MULTIPART_BODIES[key];
    const form = FORM_BODIES[key];
    const authBody = AUTH_BODIES[key];
    if (authBody) {
      const { description, ...schema } = authBody;
      operation.requestBody = { required: true, ...(typeof description === "string" ? { description } : {}), content: { "application/json": { schema } } };
    } else if (jsonBody) {
      const content: JsonSchema = { "application/json": { schema: toSchema(jsonBody, "input") } };
      if (form) content["application/x-www-form-urlencoded"] = { schema: form.schema };
      const description = form?.description ?? BODY_DESCRIPTIONS[key];
      operation.requestBody = { required: true, ...(description ? { description } : {}), content };
    } else if (form) {
      operation.requestBody = { required: true, description: form.description, content: { "application/x-www-form-urlencoded": { schema: form.schema } } };
    } else if (multipart) operation.requestBody = { required: true, content: { "multipart/form-data": { schema: multipart } } };
    (paths[path] ??= {})[method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "ToolForge API",
      version: "1",
      description:
        "Money is integer cents (`priceCents`, `totalCents`). Request bodies are strict: an unknown field is a 422 naming it. Writes from a browser must come from the shop's own origin.",
    },
    servers: [{ url: serverUrl }],
    paths,
    components: { schemas: { Error: toSchema(errorBodySchema, "output"), AuthError: toSchema(authErrorBodySchema, "output") } },
  };
}
