import type { Metadata } from "next";
import { Suspense } from "react";
import { CatalogBrowser } from "@/components/catalog/catalog-browser";
import { CatalogView, DEFAULT_SORT, type SortOption } from "@/components/catalog/catalog-view";
import { listProducts } from "@/lib/catalog/service";
import { DEFAULT_PAGE_SIZE, productSorts, sortLabels } from "@/models/catalog";

// Rendered at request time from the catalog cache, which every instance drops when the catalog changes
// (lib/changes, docs/decisions/027); the proxy in front caches it for a second. Search, sort and
// paging happen in the browser (CatalogBrowser) against /api/products.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Catalog",
  description: "Every ToolForge hand tool: hammers, wrenches, pliers, screwdrivers, saws and more, with prices and stock.",
};

const sortOptions: SortOption[] = productSorts.map((value) => ({ value, label: sortLabels[value] }));

export default async function CatalogPage() {
  const initial = await listProducts({ q: undefined, sort: DEFAULT_SORT, page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const defaultQuery = { q: "", sort: DEFAULT_SORT, page: 1 };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">All tools</h1>
        <p className="mt-2 max-w-2xl text-slate-600">
          Forged, machined and finished in our own workshop. Search the range, sort it, and order by the box.
        </p>
      </header>
      <Suspense fallback={<CatalogView query={defaultQuery} sortOptions={sortOptions} list={initial} />}>
        <CatalogBrowser initial={initial} sortOptions={sortOptions} />
      </Suspense>
    </div>
  );
}
