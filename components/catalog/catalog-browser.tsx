"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useTransition, type ChangeEvent, type FormEvent } from "react";
import useSWR from "swr";
import type { ProductList } from "@/models/catalog";
import {
  catalogHref,
  CatalogView,
  DEFAULT_SORT,
  MAX_QUERY_LENGTH,
  readCatalogQuery,
  sameCatalogQuery,
  type CatalogQuery,
  type SortOption,
} from "./catalog-view";

type CatalogBrowserProps = {
  /** The listing the server rendered, for `initialQuery` (the URL's view when the page was asked for). */
  initial: ProductList;
  initialQuery: CatalogQuery;
  sortOptions: SortOption[];
};

async function fetchProducts(url: string): Promise<ProductList> {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as ProductList;
}

/**
 * The interactive catalog. The server renders the view the URL asks for (search, sort and page work
 * without scripts too, as plain links and a GET form); later views are fetched from /api/products.
 */
export function CatalogBrowser({ initial, initialQuery, sortOptions }: CatalogBrowserProps) {
  const router = useRouter();
  // A search or a sort is a navigation: the server renders the new view. Until it has arrived the list
  // shown is the previous one, dimmed and marked busy, with "Updating…".
  const [navigating, startNavigation] = useTransition();
  const query = readCatalogQuery(useSearchParams(), sortOptions);
  const isInitialView = sameCatalogQuery(query, initialQuery);

  const apiParams = new URLSearchParams({ sort: query.sort, page: String(query.page), pageSize: String(initial.pageSize) });
  if (query.q) apiParams.set("q", query.q);
  const { data, error, isLoading, mutate } = useSWR<ProductList>(
    isInitialView ? null : `/api/products?${apiParams}`,
    fetchProducts,
    { keepPreviousData: true, revalidateOnFocus: false },
  );

  const list = isInitialView ? initial : (data ?? null);
  const failed = !isInitialView && Boolean(error) && !isLoading;

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
    startNavigation(() => router.push(catalogHref({ q, sort: query.sort, page: 1 }), { scroll: false }));
  };

  const sortBy = (event: ChangeEvent<HTMLSelectElement>) => {
    const sort = sortOptions.find((option) => option.value === event.target.value)?.value ?? DEFAULT_SORT;
    startNavigation(() => router.push(catalogHref({ q: query.q, sort, page: 1 }), { scroll: false }));
  };

  return (
    <CatalogView
      query={query}
      sortOptions={sortOptions}
      list={list}
      loading={navigating || (!isInitialView && isLoading && Boolean(data))}
      failed={failed}
      onRetry={() => void mutate()}
      onSearch={search}
      onSortChange={sortBy}
    />
  );
}
