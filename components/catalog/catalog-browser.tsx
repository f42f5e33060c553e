"use client";

import { useRouter, useSearchParams } from "next/navigation";
import type { ChangeEvent, FormEvent } from "react";
import useSWR from "swr";
import type { ProductList } from "@/models/catalog";
import { catalogHref, CatalogView, DEFAULT_SORT, type CatalogQuery, type SortOption } from "./catalog-view";

const MAX_QUERY_LENGTH = 100;
const MAX_PAGE = 10_000;

type CatalogBrowserProps = {
  /** The default listing (featured, page 1), read per request from the catalog cache (ADR 027). */
  initial: ProductList;
  sortOptions: SortOption[];
};

/** Reads the URL leniently: a bad value falls back to the default instead of failing the page. */
function readQuery(params: URLSearchParams, sortOptions: SortOption[]): CatalogQuery {
  const q = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const sort = sortOptions.find((option) => option.value === params.get("sort"))?.value ?? DEFAULT_SORT;
  const page = Number(params.get("page") ?? "1");
  return { q, sort, page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1 };
}

async function fetchProducts(url: string): Promise<ProductList> {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as ProductList;
}

/**
 * The interactive catalog. It reads the query from the URL (on the server too: the page renders per
 * request) and fetches any view other than the default one from /api/products in the browser.
 */
export function CatalogBrowser({ initial, sortOptions }: CatalogBrowserProps) {
  const router = useRouter();
  const query = readQuery(useSearchParams(), sortOptions);
  const isDefaultView = !query.q && query.sort === DEFAULT_SORT && query.page === 1;

  const apiParams = new URLSearchParams({ sort: query.sort, page: String(query.page), pageSize: String(initial.pageSize) });
  if (query.q) apiParams.set("q", query.q);
  const { data, error, isLoading, mutate } = useSWR<ProductList>(
    isDefaultView ? null : `/api/products?${apiParams}`,
    fetchProducts,
    { keepPreviousData: true, revalidateOnFocus: false },
  );

  const list = isDefaultView ? initial : (data ?? null);
  const failed = !isDefaultView && Boolean(error) && !isLoading;

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
    router.push(catalogHref({ q, sort: query.sort, page: 1 }), { scroll: false });
  };

  const sortBy = (event: ChangeEvent<HTMLSelectElement>) => {
    const sort = sortOptions.find((option) => option.value === event.target.value)?.value ?? DEFAULT_SORT;
    router.push(catalogHref({ q: query.q, sort, page: 1 }), { scroll: false });
  };

  return (
    <CatalogView
      query={query}
      sortOptions={sortOptions}
      list={list}
      loading={!isDefaultView && isLoading && Boolean(data)}
      failed={failed}
      onRetry={() => void mutate()}
      onSearch={search}
      onSortChange={sortBy}
    />
  );
}
