import Link from "next/link";
import type { FormEvent, ChangeEvent } from "react";
import { buttonClasses } from "@/components/ui/button";
import type { ProductList, ProductSort } from "@/models/catalog";
import { MAX_CATALOG_PAGE, MAX_SEARCH_LENGTH } from "@/models/catalog-limits";
import { CatalogResultsHeading, CatalogSearchInput, CatalogSortSelect } from "./catalog-controls";
import { ProductGrid } from "./product-grid";
import { countOf } from "@/models/count";

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
  // Control characters (a NUL PostgreSQL cannot compare, a tab) become spaces: nobody searches for them.
  const q = (params.get("q") ?? "").replace(/\p{Cc}/gu, " ").trim().slice(0, MAX_SEARCH_LENGTH);
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

type CatalogViewProps = {
  query: CatalogQuery;
  sortOptions: SortOption[];
  /** The listing the server rendered for `query`. */
  list: ProductList;
  /** A newer listing is on its way: the one shown is the previous one. */
  loading?: boolean;
  onSearch?: (event: FormEvent<HTMLFormElement>) => void;
  onSortChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
};

/**
 * The catalog's markup. Without scripts the search is a GET form and the pages are plain links, which
 * the server answers with the view they ask for (ADR 051); with them, CatalogBrowser handles both.
 */
export function CatalogView({ query, sortOptions, list, loading = false, onSearch, onSortChange }: CatalogViewProps) {
  const pageCount = Math.max(1, Math.ceil(list.total / list.pageSize));

  return (
    <div className="flex flex-col gap-6">
      <form
        role="search"
        aria-label="Catalog"
        action={CATALOG_PATH}
        method="get"
        onSubmit={onSearch}
        className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-end"
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor="catalog-search" className="text-sm font-semibold text-slate-900">
            Search tools
          </label>
          <div className="flex gap-2">
            <CatalogSearchInput q={query.q} />
            <button type="submit" className={buttonClasses("primary", "md", "shrink-0")}>
              Search
            </button>
          </div>
        </div>
        <div className="flex flex-col gap-1.5 sm:w-56">
          <label htmlFor="catalog-sort" className="text-sm font-semibold text-slate-900">
            Sort by
          </label>
          <CatalogSortSelect sort={query.sort} options={sortOptions} onSortChange={onSortChange} />
        </div>
      </form>

      <div className="flex min-h-6 flex-wrap items-baseline justify-between gap-2">
        <p aria-live="polite" aria-atomic="true" className="font-semibold text-slate-800">
          {resultCount(list.total, query.q)}
        </p>
        {loading ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <span aria-hidden="true" className="inline-block size-3.5 animate-spin rounded-full border-2 border-brand border-r-transparent motion-reduce:animate-none" />
            Updating…
          </p>
        ) : null}
      </div>

      <section aria-labelledby="catalog-results-heading" aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : "transition-opacity"}>
        <CatalogResultsHeading q={query.q} sort={query.sort} page={query.page} pageCount={pageCount} />
        {list.items.length > 0 ? (
          // The first row (two cards on phones, four on desktops) is in view at once: its photos load with the page.
          <ProductGrid products={list.items} eagerImages={4} />
        ) : (
          <EmptyCatalog query={query} total={list.total} />
        )}
      </section>

      {list.items.length > 0 && pageCount > 1 ? <Pagination query={query} page={query.page} pageCount={pageCount} /> : null}
    </div>
  );
}

function resultCount(total: number, q: string): string {
  const tools = countOf(total, "tool", "tools");
  return q ? `${tools} for “${q}”` : tools;
}

function EmptyCatalog({ query, total }: { query: CatalogQuery; total: number }) {
  if (total > 0) {
    return (
      <div className="rounded-xl border border-slate-200 bg-slate-50 p-8 text-center">
        <p className="text-lg font-semibold text-slate-900">There is no page {query.page} for this search.</p>
        <Link href={catalogHref({ ...query, page: 1 })} className={buttonClasses("secondary", "md", "mt-4")}>
          Go to the first page
        </Link>
      </div>
    );
  }
  if (!query.q) {
    return (
      <div className="rounded-xl border border-slate-200 bg-slate-50 p-8 text-center">
        <p className="text-lg font-semibold text-slate-900">No tools are on sale right now.</p>
        <p className="mt-2 text-slate-600">Please come back soon.</p>
      </div>
    );
  }
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-8 text-center">
      <p className="text-lg font-semibold text-slate-900">No tools match “{query.q}”.</p>
      <p className="mt-2 text-slate-600">Check the spelling or try a more general word.</p>
      <Link href={catalogHref({ q: "", sort: query.sort, page: 1 })} className={buttonClasses("secondary", "md", "mt-4")}>
        Clear search
      </Link>
    </div>
  );
}

const pageLinkClass = buttonClasses("secondary", "md", "min-w-28");
const disabledPageClass = `${pageLinkClass} pointer-events-none opacity-50`;

function Pagination({ query, page, pageCount }: { query: CatalogQuery; page: number; pageCount: number }) {
  const previous = page > 1 ? Math.min(page - 1, pageCount) : null;
  const next = page < pageCount ? page + 1 : null;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-3 sm:justify-between">
      {previous ? (
        <Link href={catalogHref({ ...query, page: previous })} rel="prev" className={pageLinkClass}>
          <span aria-hidden="true">←</span> Previous
        </Link>
      ) : (
        <span aria-disabled="true" className={disabledPageClass}>
          <span aria-hidden="true">←</span> Previous
        </span>
      )}
      <p className="order-first w-full text-center text-sm text-slate-700 sm:order-none sm:w-auto">
        Page {page} of {pageCount}
      </p>
      {next ? (
        <Link href={catalogHref({ ...query, page: next })} rel="next" className={pageLinkClass}>
          Next <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span aria-disabled="true" className={disabledPageClass}>
          Next <span aria-hidden="true">→</span>
        </span>
      )}
    </nav>
  );
}
