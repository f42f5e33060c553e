/**
 * The better-auth endpoints that answer over HTTP under /api/auth. Every other path better-auth or a
 * plugin defines (sign-up/email, update-user, change-email, delete-user, list-sessions, the magic-link
 * and admin endpoints, …) answers 404: account changes go through the shop's own routes and
 * lib/accounts, where the rules and the audit log are (ADR 014). Server code can still call any
 * endpoint through `auth.api`.
 *
 * To open a path, add one row here; tests/integration/auth-routes.test.ts then expects it to answer
 * and every path not listed to be 404. `access` says who may use it, for the authorization table.
 */
export type AuthRouteAccess = "public" | "signed-in";

export type AuthRoute = {
  method: "GET" | "POST";
  /** Path below /api/auth; a segment written `:name` matches any one segment. */
  path: string;
  access: AuthRouteAccess;
  purpose: string;
};

export const AUTH_ROUTES: readonly AuthRoute[] = [
  { method: "GET", path: "/get-session", access: "public", purpose: "the signed-in session, or null (header, client pages)" },
  { method: "POST", path: "/sign-in/email", access: "public", purpose: "password sign-in (per-address lockout, lib/accounts/lockout.ts)" },
  { method: "POST", path: "/sign-out", access: "public", purpose: "end this session" },
  { method: "POST", path: "/sign-in/social", access: "public", purpose: "start sign-in with a configured social provider (redirect only: a body with an idToken is 400)" },
  // No POST form of the callback: none of the shop's providers answers with form_post, and a form_post
  // arrives from the provider's site, which the shop's cross-site check refuses before better-auth.
  { method: "GET", path: "/callback/:provider", access: "public", purpose: "a social or single sign-on provider's redirect back" },
  // Two-factor authentication (lib/accounts/auth-plugins.ts): set up and turned off when signed in;
  // the second step of a sign-in is answered with the plugin's signed two_factor cookie.
  { method: "POST", path: "/two-factor/enable", access: "signed-in", purpose: "start setting up an authenticator app (needs the password; without one, a recent sign-in)" },
  { method: "POST", path: "/two-factor/verify-totp", access: "public", purpose: "an authenticator code: confirms setup, or finishes a sign-in" },
  { method: "POST", path: "/two-factor/verify-backup-code", access: "public", purpose: "a backup code, once, to finish a sign-in" },
  { method: "POST", path: "/two-factor/generate-backup-codes", access: "signed-in", purpose: "ten new backup codes (needs the password; without one, a recent sign-in)" },
  { method: "POST", path: "/two-factor/disable", access: "signed-in", purpose: "turn two-factor off (needs the password; without one, a recent sign-in)" },
];

/** Base path of better-auth's handler (app/api/auth/[...all]). */
export const AUTH_BASE_PATH = "/api/auth";

function matches(pattern: string, path: string): boolean {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return false;
  return want.every((segment, i) => (segment.startsWith(":") ? (got[i] ?? "") !== "" : segment === got[i]));
}

/** The allowed route for this method and URL path (with or without the /api/auth prefix), or null. */
export function findAuthRoute(method: string, pathname: string): AuthRoute | null {
  const path = pathname.startsWith(`${AUTH_BASE_PATH}/`) ? pathname.slice(AUTH_BASE_PATH.length) : pathname;
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const upper = method.toUpperCase();
  return AUTH_ROUTES.find((route) => route.method === upper && matches(route.path, trimmed)) ?? null;
}
