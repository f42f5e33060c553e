import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import type { ProductList } from "@/models/catalog";
import { countOf } from "@/models/count";
import { CatalogBrowser } from "./catalog-browser";
import { CatalogResultsHeading } from "./catalog-controls";
import { catalogHref, type CatalogQuery, type SortOption } from "./catalog-query";
import { ProductGrid } from "./product-grid";

type CatalogViewProps = {
  query: CatalogQuery;
  sortOptions: SortOption[];
  /** The listing the server rendered for `query`. */
  list: ProductList;
};

/**
 * The catalog. Without scripts the search is a GET form and the pages are plain links, which the
 * server answers with the view they ask for (ADR 051); with them, CatalogBrowser sends both as
 * navigations. The results, the empty states and the page links are rendered here, on the server, and
 * handed to CatalogBrowser as they are: only the form, the "Updating…" line and the results' busy state
 * run in the browser, so the page does not hydrate a card grid (ADR 055).
 */
export function CatalogView({ query, sortOptions, list }: CatalogViewProps) {
  const { pageCount } = list;

  return (
    <CatalogBrowser
      query={query}
      sortOptions={sortOptions}
      resultText={resultCount(list.total, query.q)}
      pagination={list.items.length > 0 && pageCount > 1 ? <Pagination query={query} page={query.page} pageCount={pageCount} /> : null}
    >
      <CatalogResultsHeading q={query.q} sort={query.sort} page={query.page} pageCount={pageCount} />
      {list.items.length > 0 ? (
        // The first row (two cards on phones, four on desktops) is in view at once: its photos load with the page.
        <ProductGrid products={list.items} eagerImages={4} />
      ) : (
        <EmptyCatalog query={query} total={list.total} />
      )}
    </CatalogBrowser>
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
        <p className="text-lg font-semibold text-slate-900">
          There is no page {query.page} {query.q ? "for this search" : "of the catalog"}.
        </p>
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
