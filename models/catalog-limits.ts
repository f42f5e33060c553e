// No zod here: the catalog's page (a client component) reads its URL with these bounds, and importing
// ./catalog would put zod into the page's first load (ADR 038). ./catalog's query schema uses the same.

/** The longest catalog search, in characters. */
export const MAX_SEARCH_LENGTH = 100;

/**
 * A search text read leniently from a URL's query (the catalog's, Manage Products'): control characters
 * (a NUL PostgreSQL cannot compare, a tab) become spaces, since nobody searches for them; trimmed, and
 * cut at MAX_SEARCH_LENGTH.
 */
export function readSearchText(value: string): string {
  return readQueryText(value, MAX_SEARCH_LENGTH);
}

/**
 * Text read leniently from a URL's query (a search, an id to filter by): control characters
 * become spaces, trimmed, and cut at `max` characters. The server's NUL check looks only at a page's
 * path (pages read their query leniently), so every page's reader goes through here.
 */
export function readQueryText(value: string, max: number): string {
  return plainText(value).slice(0, max);
}

/** Text with its control characters as spaces, trimmed. */
export function plainText(value: string): string {
  return value.replace(/\p{Cc}/gu, " ").trim();
}
/** The highest catalog page a URL or the API may ask for. */
export const MAX_CATALOG_PAGE = 10_000;
/**
 * The most one payment can take: $999,999.99, Stripe's limit
 * (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts), held for the test processor
 * too. A unit's price, an order's total and a product's smallest order all stay within it.
 */
export const MAX_PAYMENT_CENTS = 99_999_999;
/**
 * The least one payment can take: $0.50, Stripe's minimum charge in US dollars (same page), held for
 * the test processor too, so that every order placed can be paid.
 */
export const MIN_PAYMENT_CENTS = 50;
/** The most units a stock, a minimum order, and so an order or a cart line, can be. */
export const MAX_UNITS = 10_000_000;
