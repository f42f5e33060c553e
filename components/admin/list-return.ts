/**
 * A detail page opened from a paged, filtered list (Manage Order, My Orders, Manage Products) takes the
 * list's address along in its link as `from`, so that its way back, and an edit saved there, return to
 * the same page of the same filters (ADR 065). The detail page never follows `from` as it is: it reads
 * which list it names and that list's parameters, and builds the way back with the list's own href
 * function, so `from` can only ever lead to one of the shop's lists.
 */
export function withListReturn(href: string, listHref: string): string {
  return `${href}?from=${encodeURIComponent(listHref)}`;
}

export type ListReturn = { path: string; params: Record<string, string> };

/** The list a `from` names (its path) and its parameters; null for an absent, overlong or foreign one. */
export function listFrom(value: string | string[] | undefined): ListReturn | null {
  const from = Array.isArray(value) ? value[0] : value;
  if (!from || from.length > 2_000 || !/^\/dashboard\/[A-Za-z]+(\?|$)/.test(from)) return null;
  const [path = "", search = ""] = from.split(/\?(.*)/s);
  return { path, params: Object.fromEntries(new URLSearchParams(search)) };
}
