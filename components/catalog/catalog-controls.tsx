"use client";

import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { MAX_SEARCH_LENGTH } from "@/models/catalog-limits";
import type { ProductSort } from "@/models/catalog";
import type { SortOption } from "./catalog-query";

// The catalog's controls keep their element, and so the keyboard focus, from one view to the next:
// a search sent with Enter or a sort chosen with the arrow keys leaves focus where it was.

/** Answers the value shown: the view's own, or what the person has typed or chosen since it arrived. */
function useShownValue<T>(fromView: T): [T, (value: T) => void] {
  const [shown, setShown] = useState(fromView);
  const [view, setView] = useState(fromView);
  // A new view (a search, Back, a link) brings its own value; adjusting state while rendering is
  // React's way for state that follows a prop (https://react.dev/learn/you-might-not-need-an-effect).
  if (view !== fromView) {
    setView(fromView);
    setShown(fromView);
  }
  return [shown, setShown];
}

export function CatalogSearchInput({ q }: { q: string }) {
  const [text, setText] = useShownValue(q);
  return (
    <input
      id="catalog-search"
      name="q"
      type="search"
      value={text}
      onChange={(event) => setText(event.target.value)}
      maxLength={MAX_SEARCH_LENGTH}
      placeholder="Hammer, wrench, pliers…"
      className="min-h-11 w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500"
    />
  );
}

type SortSelectProps = {
  sort: ProductSort;
  options: readonly SortOption[];
  onSortChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
};

export function CatalogSortSelect({ sort, options, onSortChange }: SortSelectProps) {
  const [shown, setShown] = useShownValue<string>(sort);
  return (
    <select
      id="catalog-sort"
      name="sort"
      value={shown}
      onChange={(event) => {
        setShown(event.target.value);
        onSortChange?.(event);
      }}
      className="min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900"
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

type ResultsHeadingProps = { q: string; sort: ProductSort; page: number; pageCount: number };

/**
 * The results' heading (for screen readers). After a paging link, focus comes here and the new page is
 * announced ("Results, page 2 of 17"): the link pressed may be gone (Previous on page 1) and the list
 * above it changed. A search or a sort keeps focus in its control; the live count speaks for them.
 */
export function CatalogResultsHeading({ q, sort, page, pageCount }: ResultsHeadingProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const last = useRef({ q, sort, page });
  useEffect(() => {
    const before = last.current;
    last.current = { q, sort, page };
    if (before.page !== page && before.q === q && before.sort === sort) heading.current?.focus();
  }, [q, sort, page]);
  return (
    <h2 id="catalog-results-heading" ref={heading} tabIndex={-1} className="sr-only">
      {pageCount > 1 ? `Results, page ${page} of ${pageCount}` : "Results"}
    </h2>
  );
}
