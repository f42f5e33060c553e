// No zod here: the header's search (a client component on every page) builds product links with this,
// and importing it from ./catalog put zod's 30 KB (gzipped) into every page's first load (ADR 038).

/** The address of a product's page. */
export function productPath(id: string): string {
  return `/products/${encodeURIComponent(id)}`;
}
