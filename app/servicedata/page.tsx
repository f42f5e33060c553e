import type { Metadata } from "next";
import { catalogHref, readCatalogQuery, type SortOption } from "@/components/catalog/catalog-query";
import { CatalogView } from "@/components/catalog/catalog-view";
import { listProducts } from "@/lib/catalog/service";
import { DEFAULT_PAGE_SIZE, productSorts, sortLabels } from "@/models/catalog";

// Rendered at request time from the catalog cache, which every instance drops when the catalog changes
// (lib/changes, docs/decisions/027); the proxy in front caches it for a second. The view the URL asks
// for (search, sort, page) is rendered here, so a shared link shows its tools at once and the search
// form and paging links work without scripts; with them, each later view is a navigation (ADR 051).
export const dynamic = "force-dynamic";

const sortOptions: SortOption[] = productSorts.map((value) => ({ value, label: sortLabels[value] }));

type SearchParams = Record<string, string | string[] | undefined>;
type CatalogPageProps = { searchParams: Promise<SearchParams> };

/** The view the URL asks for, read leniently; a repeated parameter counts by its first value. */
async function catalogQuery(searchParams: Promise<SearchParams>) {
  const params = await searchParams;
  return readCatalogQuery(
    {
      get: (name) => {
        const value = params[name];
        return (Array.isArray(value) ? value[0] : value) ?? null;
      },
    },
    sortOptions,
  );
}

/** The tab, the history and a screen reader name the view: a search and a later page say which. */
export async function generateMetadata({ searchParams }: CatalogPageProps): Promise<Metadata> {
  const query = await catalogQuery(searchParams);
  const view = query.q ? `Tools matching “${query.q}”` : "Catalog";
  return {
    title: query.page > 1 ? `${view}, page ${query.page}` : view,
    description: "Every ToolForge hand tool: hammers, wrenches, pliers, screwdrivers, saws and more, with prices and stock.",
    // One address per view: "?sort=bogus&page=abc" is the plain catalog, and says so to search engines.
    alternates: { canonical: catalogHref(query) },
    // Search results are for the person searching; the catalog pages themselves lead to every tool.
    ...(query.q ? { robots: { index: false, follow: true } } : {}),
  };
}

export default async function CatalogPage({ searchParams }: CatalogPageProps) {
  const query = await catalogQuery(searchParams);
  const list = await listProducts({ q: query.q || undefined, sort: query.sort, page: query.page, pageSize: DEFAULT_PAGE_SIZE });

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">All tools</h1>
        <p className="mt-2 max-w-2xl text-slate-600">
          Forged, machined and finished in our own workshop. Search the range, sort it, and order by the unit.
        </p>
      </header>
      {/* No <Suspense> around it: the page renders per request, so the URL's query is known on the
          server and nothing here suspends. A boundary would be streamed as a segment of its own (over
          500 bytes, past 12,800 of HTML: ADR 038's amendment) behind a fallback, and a fallback of the
          same catalog sent it twice and swapped it up to 300 ms after the first paint, taking an early
          tap's button away with the copy (ADR 050). */}
      <CatalogView query={query} list={list} sortOptions={sortOptions} />
    </div>
  );
}
