// Where a person goes after signing in. No zod here: the header's Login link imports it on every page.

const AUTH_PAGES = new Set(["/login", "/register", "/login/link", "/forgot-password", "/reset-password"]);
const PLACEHOLDER_ORIGIN = "http://toolforge.invalid";

/**
 * Where to go after signing in: a path on this site only. The value is resolved the way a browser
 * would, which strips tabs and newlines ("/\t/evil.example" becomes "//evil.example") and resolves
 * dot segments, so anything that lands on another origin, or on a path that would read as one, is
 * refused; the sign-in pages themselves are refused too (a loop).
 */
export function safeNextPath(raw: string | string[] | null | undefined): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !value.startsWith("/")) return "/";
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return "/";
  }
  if (url.origin !== PLACEHOLDER_ORIGIN || AUTH_PAGES.has(url.pathname)) return "/";
  // Dot segments resolve to a path that starts with "//" ("/.//evil.example", "/a/..//evil.example"):
  // given back as a location, that is another site. A path here never starts with two slashes.
  if (/^\/[/\\]/.test(url.pathname)) return "/";
  return url.pathname + url.search + url.hash;
}

/** A sign-in page's address that brings the person back to `next` afterwards ("/login?next=%2Fcart"); none for home. */
export function withNext(path: string, next: string): string {
  const safe = safeNextPath(next);
  return safe === "/" ? path : `${path}?next=${encodeURIComponent(safe)}`;
}

/**
 * The request header in which proxy.ts hands a signed-in page its own address, query included: a
 * session that has ended behind a cookie still present is sent to sign in by the page itself, and
 * comes back to the address it asked for (the purchase page's quantity, Stripe's return parameters).
 */
export const PAGE_ADDRESS_HEADER = "x-toolforge-page-address";
