"use client";

import { useRouter } from "next/navigation";
import { useTransition, type ChangeEvent, type FormEvent } from "react";
import type { ProductList } from "@/models/catalog";
import { MAX_SEARCH_LENGTH } from "@/models/catalog-limits";
import { catalogHref, CatalogView, DEFAULT_SORT, type CatalogQuery, type SortOption } from "./catalog-view";

type CatalogBrowserProps = {
  /** The view the URL asks for, as the server read it (readCatalogQuery), and its listing. */
  query: CatalogQuery;
  list: ProductList;
  sortOptions: SortOption[];
};

/**
 * The interactive catalog. Every view is rendered by the server (ADR 051): a search, a sort or a page
 * link is a navigation, whose answer brings the new query and listing together.
 */
export function CatalogBrowser({ query, list, sortOptions }: CatalogBrowserProps) {
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

  return <CatalogView query={query} sortOptions={sortOptions} list={list} loading={navigating} onSearch={search} onSortChange={sortBy} />;
}
