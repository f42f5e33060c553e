import { revalidatePath } from "next/cache";

// The pages read the catalog and the reviews at request time: the catalog through a cache that every
// instance drops when it changes (lib/changes, docs/decisions/027), the reviews from the database. What is left to do after a write
// is to tell the acting browser's router that its copy of these pages is out of date.

/** After any change to products or stock. */
export function revalidateCatalogPages(): void {
  // Route handlers also run in jest, outside Next's server, where there are no pages to revalidate.
  if (!process.env.NEXT_RUNTIME) return;
  revalidatePath("/");
  revalidatePath("/servicedata");
  revalidatePath("/products/[id]", "page");
  revalidatePath("/sitemap.xml");
}

/**
 * After a review is written, hidden or shown: the home page's carousel is rebuilt, and the product's
 * page (every product page when the product is not known).
 */
export function revalidateReviewPages(productId?: string | null): void {
  if (!process.env.NEXT_RUNTIME) return;
  revalidatePath("/");
  if (productId) revalidatePath(`/products/${encodeURIComponent(productId)}`);
  else if (productId === undefined) revalidatePath("/products/[id]", "page");
}
