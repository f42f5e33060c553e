"use client";

import { useRouter } from "next/navigation";
import { useTransition, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import { MAX_SEARCH_LENGTH } from "@/models/catalog-limits";
import { CatalogSearchInput, CatalogSortSelect } from "./catalog-controls";
import { CATALOG_PATH, catalogHref, DEFAULT_SORT, type CatalogQuery, type SortOption } from "./catalog-query";

type CatalogBrowserProps = {
  /** The view the URL asks for, as the server read it (readCatalogQuery). */
  query: CatalogQuery;
  sortOptions: SortOption[];
  /** "24 tools", "3 tools for “saw”": said when the view changes. */
  resultText: string;
  /** The results' heading and cards, or the empty state: rendered by the server (CatalogView). */
  children: ReactNode;
  /** The page links, rendered by the server; null on a single page. */
  pagination: ReactNode;
};

/**
 * The interactive part of the catalog. Every view is rendered by the server (ADR 051): a search, a sort
 * or a page link is a navigation, whose answer brings the new query and listing together.
 */
export function CatalogBrowser({ query, sortOptions, resultText, children, pagination }: CatalogBrowserProps) {
  const router = useRouter();
  // Until the new view has arrived the list shown is the previous one, dimmed and marked busy, with
  // "Updating…".
  const [navigating, startNavigation] = useTransition();

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
    startNavigation(() => router.push(catalogHref({ q, sort: query.sort, page: 1 }), { scroll: false }));
  };

  const sortBy = (event: ChangeEvent<HTMLSelectElement>) => {
    const sort = sortOptions.find((option) => option.value === event.target.value)?.value ?? DEFAULT_SORT;
    startNavigation(() => router.push(catalogHref({ q: query.q, sort, page: 1 }), { scroll: false }));
  };

  return (
    <div className="flex flex-col gap-6">
      <form
        role="search"
        aria-label="Catalog"
        action={CATALOG_PATH}
        method="get"
        onSubmit={search}
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
          <CatalogSortSelect sort={query.sort} options={sortOptions} onSortChange={sortBy} />
        </div>
      </form>

      <div className="flex min-h-6 flex-wrap items-baseline justify-between gap-2">
        <p aria-live="polite" aria-atomic="true" className="font-semibold text-slate-800">
          {resultText}
        </p>
        {navigating ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <span aria-hidden="true" className="inline-block size-3.5 animate-spin rounded-full border-2 border-brand border-r-transparent motion-reduce:animate-none" />
            Updating…
          </p>
        ) : null}
      </div>

      <section aria-labelledby="catalog-results-heading" aria-busy={navigating} className={navigating ? "opacity-60 transition-opacity" : "transition-opacity"}>
        {children}
      </section>

      {pagination}
    </div>
  );
}
