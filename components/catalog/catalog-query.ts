// The catalog's address: which view a URL asks for, and the URL of a view. Shared by the server, which
// renders the view (app/servicedata), and the browser, which navigates to the next one (CatalogBrowser).
import type { ProductSort } from "@/models/catalog";
import { MAX_CATALOG_PAGE, readSearchText } from "@/models/catalog-limits";

export type CatalogQuery = { q: string; sort: ProductSort; page: number };
export type SortOption = { value: ProductSort; label: string };

export const DEFAULT_SORT: ProductSort = "featured";
export const CATALOG_PATH = "/servicedata";

/**
 * The catalog view a URL asks for, read leniently: a bad value falls back to the default instead of
 * failing the page (the API, /api/products, refuses it with a message instead). The same reading on
 * the server, which renders that view, and in the browser, which fetches the next one.
 */
export function readCatalogQuery(params: { get(name: string): string | null }, sortOptions: readonly SortOption[]): CatalogQuery {
  const q = readSearchText(params.get("q") ?? "");
  const sort = sortOptions.find((option) => option.value === params.get("sort"))?.value ?? DEFAULT_SORT;
  const page = Number(params.get("page") ?? "1");
  return { q, sort, page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_CATALOG_PAGE) : 1 };
}

/** The shareable URL of a catalog view; defaults are left out so the plain listing stays /servicedata. */
export function catalogHref({ q, sort, page }: CatalogQuery): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (sort !== DEFAULT_SORT) params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${CATALOG_PATH}?${search}` : CATALOG_PATH;
}
