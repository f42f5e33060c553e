"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, type FormEvent } from "react";
import { buttonClasses } from "@/components/ui/button";
import { filterFieldClass } from "./filter-field";
import { manageOrderHref, orderStateFilters, type OrderFilters, type OrderStateFilter } from "./order-filters";

/**
 * Manage Order's filters. A plain GET form (it works without JavaScript, as ?state=&q=); with
 * JavaScript it writes the API's own parameters, ?status=&shipping=&q=, into the URL. A page size the
 * reader chose stays: new filters start again from the first page, in pages of the same size.
 */
export function OrderFilterForm({ filters, pageSize }: { filters: OrderFilters; pageSize?: number | undefined }) {
  const router = useRouter();
  const active = Boolean(filters.state || filters.q);
  // The form is remade for each new URL (below); the control that sent it keeps the keyboard focus.
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  }, [filters.state, filters.q]);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const state = String(data.get("state") ?? "") as OrderStateFilter;
    const q = String(data.get("q") ?? "").trim();
    const from = document.activeElement?.id;
    focusAfter.current = from === "orders-state" || from === "orders-q" ? from : "orders-filter-submit";
    router.push(manageOrderHref({ state, q }, 1, undefined, pageSize));
  }

  return (
    <form
      // A new URL brings new defaults: remount so the fields show them (e.g. after "Clear filters").
      key={`${filters.state}|${filters.q}`}
      method="get"
      action="/dashboard/manageOrder"
      role="search"
      aria-label="Filter orders"
      onSubmit={apply}
      className="mb-6 flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-end"
    >
      <div className="flex flex-col gap-1.5 sm:w-56">
        <label htmlFor="orders-state" className="text-sm font-semibold text-slate-900">
          Order state
        </label>
        <select id="orders-state" name="state" defaultValue={filters.state} className={filterFieldClass}>
          {orderStateFilters.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor="orders-q" className="text-sm font-semibold text-slate-900">
          Email or order number
        </label>
        <input
          id="orders-q"
          name="q"
          type="search"
          autoComplete="off"
          maxLength={254}
          defaultValue={filters.q}
          placeholder="e.g. ann@example.com or TF-100042"
          className={filterFieldClass}
        />
      </div>
      {pageSize !== undefined ? <input type="hidden" name="pageSize" value={pageSize} /> : null}
      <div className="flex gap-3">
        <button id="orders-filter-submit" type="submit" className={buttonClasses("primary", "md")}>
          Filter
        </button>
        {active ? (
          <Link href={manageOrderHref({ state: "", q: "" }, 1, undefined, pageSize)} className={buttonClasses("secondary", "md")}>
            Clear filters
          </Link>
        ) : null}
      </div>
    </form>
  );
}
