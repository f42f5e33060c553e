import { revalidatePath } from "next/cache";
import { invalidateCatalog } from "@/lib/catalog/service";

/** After any change to products or stock: drop the catalog read cache and the static pages built from it. */
export function revalidateCatalogPages(): void {
  invalidateCatalog();
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
