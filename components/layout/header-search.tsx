"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useTypedEarly } from "@/components/ui/use-typed-early";
import { formatMoney } from "@/lib/money/format";
import type { Product, ProductList } from "@/models/catalog";
import { productPath } from "@/models/product-path";

const MAX_QUERY_LENGTH = 100;
const SUGGESTIONS = 6;
const DEBOUNCE_MS = 180;

type Suggestion = Pick<Product, "id" | "name" | "priceCents" | "currency">;

/** Products whose name or description contains `q`, from the public catalog API. */
function useSuggestions(q: string): { items: Suggestion[]; settled: boolean } {
  const [state, setState] = useState<{ q: string; items: Suggestion[] }>({ q: "", items: [] });
  useEffect(() => {
    if (!q) return;
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const params = new URLSearchParams({ q, pageSize: String(SUGGESTIONS) });
        const response = await fetch(`/api/products?${params}`, { signal: controller.signal, headers: { accept: "application/json" } });
        if (!response.ok) return;
        const list = (await response.json()) as ProductList;
        setState({ q, items: list.items.map(({ id, name, priceCents, currency }) => ({ id, name, priceCents, currency })) });
      } catch {
        // Aborted by the next keystroke, or offline: the form still searches the catalog on Enter.
      }
    }, DEBOUNCE_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [q]);
  return q && state.q === q ? { items: state.items, settled: true } : { items: q ? state.items : [], settled: !q };
}

/**
 * The header's catalog search: a combobox (WAI-ARIA APG "combobox with listbox popup") that suggests
 * products as one types. Arrow keys move through the suggestions, Enter opens the one chosen (or
 * searches the catalog), Escape closes the list. Without JavaScript it is a plain GET form.
 */
export function HeaderSearch({ className = "", onNavigate }: { className?: string; onNavigate?: () => void }) {
  const router = useRouter();
  const id = useId();
  const inputId = `${id}-q`;
  const listId = `${id}-list`;
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLFormElement>(null);
  // Words typed before the scripts ran are what Enter searches for.
  const field = useTypedEarly("", setText);
  const q = text.trim().slice(0, MAX_QUERY_LENGTH);
  const { items, settled } = useSuggestions(q);
  const expanded = open && q.length > 0 && (items.length > 0 || settled);

  const go = (href: string) => {
    setOpen(false);
    setActive(-1);
    setText("");
    onNavigate?.();
    router.push(href);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = active >= 0 ? items[active] : undefined;
    if (chosen) return go(productPath(chosen.id));
    go(q ? `/servicedata?${new URLSearchParams({ q })}` : "/servicedata");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!items.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      // -1 is the text field itself: the list wraps through it, as in the APG example.
      setActive((index) => {
        if (step === 1) return index + 1 >= items.length ? -1 : index + 1;
        return index < 0 ? items.length - 1 : index - 1;
      });
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        event.preventDefault();
        setText("");
      }
    }
  };

  return (
    <form
      ref={rootRef}
      role="search"
      aria-label="Site"
      action="/servicedata"
      method="get"
      onSubmit={submit}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      className={`relative ${className}`}
    >
      {/* Not "Search tools": that is the catalog page's own search field, and one name must lead to one field. */}
      <label htmlFor={inputId} className="sr-only">
        Find a tool
      </label>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="currentColor"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      >
        <path
          fillRule="evenodd"
          d="M9 3.5a5.5 5.5 0 1 0 3.4 9.8l3.1 3.2a.8.8 0 1 0 1.1-1.1l-3.1-3.2A5.5 5.5 0 0 0 9 3.5ZM5 9a4 4 0 1 1 8 0 4 4 0 0 1-8 0Z"
          clipRule="evenodd"
        />
      </svg>
      <input
        ref={field}
        id={inputId}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={MAX_QUERY_LENGTH}
        placeholder="Find a tool"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="h-10 w-full min-w-0 rounded-md border border-slate-600 bg-slate-800 pr-3 pl-9 text-base text-white placeholder:text-slate-400 focus:border-orange-300"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggested tools"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-80 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-xl"
      >
        {items.map((item, index) => (
          <li
            key={item.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(productPath(item.id))}
            className={`flex cursor-pointer items-baseline justify-between gap-3 rounded-md px-3 py-2 ${
              index === active ? "bg-orange-50 text-brand-dark" : "hover:bg-slate-50"
            }`}
          >
            <span className="min-w-0 [overflow-wrap:anywhere]">{item.name}</span>
            <span className="shrink-0 text-sm text-slate-600">{formatMoney(item.priceCents, item.currency)}</span>
          </li>
        ))}
        {settled && items.length === 0 ? (
          <li role="option" aria-selected={false} aria-disabled="true" className="px-3 py-2 text-slate-600">
            No tools match “{q}”. Press Enter to search the catalog.
          </li>
        ) : null}
      </ul>
      <p aria-live="polite" className="sr-only">
        {expanded && settled ? (items.length === 1 ? "1 tool suggested" : `${items.length} tools suggested`) : ""}
      </p>
    </form>
  );
}
