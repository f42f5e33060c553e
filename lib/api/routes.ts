import { AUTH_BASE_PATH, AUTH_ROUTES } from "@/lib/accounts/auth-routes";

/**
 * Who may call each route of the shop's HTTP API. The wrapper every route handler goes through
 * (lib/api/route.ts) checks this before it reads a byte of the body, so a caller without the right
 * gets 401 or 403 whatever it sends. tests/integration/authorization-matrix.test.ts walks every
 * route file under app/api and fails on one that has no row here.
 *
 * - public: anyone, signed in or not
 * - signed-in: any signed-in account (a service may further limit it to the owner: others get 404)
 * - admin: a signed-in admin (with two-factor set up when ADMIN_MFA=required)
 * - token: a bearer token from the operator (METRICS_TOKEN); 404 while it is unset, 401 without it
 * - webhook: Stripe, proven by its signature over the exact body (404 while Stripe is not configured)
 */
export type Access = "public" | "signed-in" | "admin" | "token" | "webhook";

export type ApiRoute = { access: Access; purpose: string };

/** The shop's own routes, `METHOD /api/path` with `{name}` for a path parameter. */
export const SHOP_ROUTES = {
  "GET /api/health": { access: "public", purpose: "database reachable (monitoring)" },
  "GET /api/health/live": { access: "public", purpose: "liveness" },
  "GET /api/health/ready": { access: "public", purpose: "readiness" },
  "GET /api/metrics": { access: "token", purpose: "Prometheus scrape" },
  "GET /api/openapi.json": { access: "public", purpose: "this API's OpenAPI 3.1 description" },
  "POST /api/webhooks/stripe": { access: "webhook", purpose: "Stripe's payment events" },

  "GET /api/products": { access: "public", purpose: "the catalog" },
  "POST /api/products": { access: "admin", purpose: "add a product" },
  "GET /api/products/{id}": { access: "public", purpose: "one product" },
  "PATCH /api/products/{id}": { access: "admin", purpose: "edit a product" },
  "DELETE /api/products/{id}": { access: "admin", purpose: "remove a product" },
  "POST /api/products/{id}/restore": { access: "admin", purpose: "put a deleted product back on sale" },
  "GET /api/products/{id}/reviews": { access: "public", purpose: "a product's published reviews" },

  "GET /api/reviews": { access: "public", purpose: "published reviews" },
  "POST /api/reviews": { access: "signed-in", purpose: "write or edit your review" },
  "PATCH /api/reviews/{id}": { access: "admin", purpose: "hide or show a review" },
  "DELETE /api/reviews/{id}": { access: "signed-in", purpose: "delete your own review" },

  "GET /api/orders": { access: "signed-in", purpose: "your orders" },
  "POST /api/orders": { access: "signed-in", purpose: "place an order" },
  "GET /api/orders/{id}": { access: "signed-in", purpose: "one of your orders (admins: any)" },
  "DELETE /api/orders/{id}": { access: "signed-in", purpose: "cancel an unpaid order (the seed's delete; orders are never deleted)" },
  "POST /api/orders/{id}/cancel": { access: "signed-in", purpose: "cancel one of your unpaid orders (admins: any)" },
  "POST /api/orders/{id}/refund": { access: "admin", purpose: "refund a paid order through its processor" },
  "POST /api/orders/{id}/payment": { access: "signed-in", purpose: "start paying your order" },
  "POST /api/orders/{id}/payment/confirm": { access: "signed-in", purpose: "finish paying your order" },
  "PATCH /api/orders/{id}/shipping": { access: "admin", purpose: "mark an order shipped" },

  "GET /api/cart": { access: "signed-in", purpose: "your cart, priced now" },
  "PUT /api/cart": { access: "signed-in", purpose: "replace your cart" },
  "POST /api/cart/join": { access: "signed-in", purpose: "join the cart kept while signed out into yours (at sign-in)" },

  "POST /api/contact": { access: "public", purpose: "contact form" },
  "POST /api/newsletter": { access: "public", purpose: "newsletter sign-up: mails the address a link to confirm it" },
  "POST /api/newsletter/confirm": { access: "public", purpose: "confirm a newsletter sign-up with the link's token" },
  "POST /api/newsletter/unsubscribe": { access: "public", purpose: "leave the newsletter with the link's token (also RFC 8058 one-click)" },
  "POST /api/uploads": { access: "signed-in", purpose: "upload an image" },
  "POST /api/register": { access: "public", purpose: "create an account" },

  "POST /api/account/password-reset": { access: "public", purpose: "mail a reset link" },
  "POST /api/account/password-reset/confirm": { access: "public", purpose: "set a new password with a reset link" },
  "POST /api/account/email-link": { access: "public", purpose: "mail a sign-in link" },
  "POST /api/account/email-link/sign-in": { access: "public", purpose: "sign in with an emailed link" },
  "GET /api/account/verify-email": { access: "public", purpose: "the verification link" },
  "GET /api/account/confirm-email-change": { access: "public", purpose: "email-change links mailed before the confirmation page: sent on to it" },
  "POST /api/account/confirm-email-change": { access: "public", purpose: "the email-change confirmation (form field token)" },
  "POST /api/sign-in/phone/code": { access: "public", purpose: "text a sign-in code" },
  "POST /api/sign-in/phone": { access: "public", purpose: "sign in with a texted code" },

  "GET /api/me": { access: "signed-in", purpose: "your account" },
  "DELETE /api/me": { access: "signed-in", purpose: "delete your account" },
  "PATCH /api/me/profile": { access: "signed-in", purpose: "edit your profile" },
  "PATCH /api/me/identity": { access: "signed-in", purpose: "change your name and photo" },
  "POST /api/me/email": { access: "signed-in", purpose: "change your email address" },
  "POST /api/me/password": { access: "signed-in", purpose: "change your password" },
  "POST /api/me/verification-email": { access: "signed-in", purpose: "resend the verification link" },
  "GET /api/me/phone": { access: "signed-in", purpose: "your sign-in phone number" },
  "POST /api/me/phone": { access: "signed-in", purpose: "add a sign-in phone number" },
  "DELETE /api/me/phone": { access: "signed-in", purpose: "remove your sign-in phone number" },
  "POST /api/me/phone/code": { access: "signed-in", purpose: "text a code to a new number" },
  "GET /api/me/sessions": { access: "signed-in", purpose: "your sessions" },
  "DELETE /api/me/sessions/{id}": { access: "signed-in", purpose: "sign one of your sessions out" },
  "POST /api/me/sessions/sign-out-others": { access: "signed-in", purpose: "sign out everywhere else" },

  "GET /api/users": { access: "admin", purpose: "every account" },
  "PATCH /api/users/{id}/role": { access: "admin", purpose: "make an account admin or customer" },
  "PATCH /api/users/{id}/status": { access: "admin", purpose: "disable or enable an account" },
  "GET /api/admin/orders": { access: "admin", purpose: "every order" },
  "GET /api/admin/reviews": { access: "admin", purpose: "every review, hidden ones too" },
  "GET /api/admin/deleted-products": { access: "admin", purpose: "the products taken off sale" },
  "GET /api/admin/messages": { access: "admin", purpose: "contact messages" },
  "DELETE /api/admin/messages/{id}": { access: "admin", purpose: "erase a contact message (an erasure request)" },
  "GET /api/admin/subscribers": { access: "admin", purpose: "newsletter subscribers (JSON or CSV)" },
  "DELETE /api/admin/subscribers": { access: "admin", purpose: "erase a newsletter address (an erasure request)" },
  "GET /api/admin/audit": { access: "admin", purpose: "the audit log" },
  "GET /api/admin/mail": { access: "admin", purpose: "mail not delivered yet" },
  "POST /api/admin/mail/retry": { access: "admin", purpose: "queue the mail the worker gave up on again" },
} as const satisfies Record<string, ApiRoute>;

export type ShopRouteKey = keyof typeof SHOP_ROUTES;
export type AccessOf<K extends ShopRouteKey> = (typeof SHOP_ROUTES)[K]["access"];

/** `POST /api/auth/callback/{provider}` for better-auth's row `{ method: "POST", path: "/callback/:provider" }`. */
function authRouteKey(method: string, path: string): string {
  return `${method} ${AUTH_BASE_PATH}${path.replace(/:([A-Za-z]+)/g, "{$1}")}`;
}

/**
 * Every route of the API: the shop's own and the better-auth endpoints that answer under /api/auth
 * (those come from AUTH_ROUTES in lib/accounts/auth-routes.ts, their one source).
 */
export function apiRoutes(): Record<string, ApiRoute> {
  const all: Record<string, ApiRoute> = { ...SHOP_ROUTES };
  for (const row of AUTH_ROUTES) all[authRouteKey(row.method, row.path)] = { access: row.access, purpose: row.purpose };
  return all;
}

/**
 * The methods each route file answers, by Next's route pattern (`/api/products/[id]`; better-auth's
 * endpoints under its catch-all `/api/auth/[...all]`). The server refuses any other method before
 * Next runs (server/method-not-allowed.mjs).
 */
export function allowedMethodsByRoute(): Record<string, string[]> {
  const byRoute: Record<string, Set<string>> = {};
  for (const key of Object.keys(apiRoutes())) {
    const [method, path] = key.split(" ") as [string, string];
    const pattern = path.startsWith(`${AUTH_BASE_PATH}/`) ? `${AUTH_BASE_PATH}/[...all]` : path.replace(/\{([^}]+)\}/g, "[$1]");
    (byRoute[pattern] ??= new Set()).add(method);
  }
  return Object.fromEntries(Object.entries(byRoute).map(([pattern, methods]) => [pattern, [...methods].sort()]));
}
