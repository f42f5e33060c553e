"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId, useState } from "react";

type MenuItem = { href: string; label: string };

/**
 * The dashboard's side menu: a sidebar on wide screens; on phones a "Dashboard menu" disclosure
 * button above the page that shows the list when pressed and closes again on navigation.
 */
export function SideMenu({ items, heading }: { items: MenuItem[]; heading: string }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const current = items.find((item) => pathname === item.href || pathname.startsWith(`${item.href}/`));

  return (
    <nav aria-label="Dashboard">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 w-full items-center justify-between gap-3 rounded-md border border-slate-300 bg-white px-4 py-2 text-left font-semibold text-slate-900 shadow-sm hover:bg-slate-50 md:hidden"
      >
        <span className="flex min-w-0 items-center gap-2">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0 text-slate-600" fill="none" stroke="currentColor" strokeWidth="2">
            <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
          </svg>
          Dashboard menu
        </span>
        <span className="flex min-w-0 items-center gap-2 text-sm font-normal text-slate-600">
          {current ? (
            <span aria-hidden="true" className="truncate">
              {current.label}
            </span>
          ) : null}
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className={`size-5 shrink-0 transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`}
            fill="currentColor"
          >
            <path fillRule="evenodd" d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" clipRule="evenodd" />
          </svg>
        </span>
      </button>
      <div id={listId} className={`${open ? "block" : "hidden"} mt-2 md:mt-0 md:block`}>
        <p className="mb-3 hidden text-xs font-semibold tracking-wider text-slate-600 uppercase md:block">{heading}</p>
        <ul className="flex flex-col gap-1 rounded-md border border-slate-200 bg-white p-2 shadow-sm md:border-0 md:p-0 md:shadow-none">
          {items.map((item) => {
            const isCurrent = item === current;
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={isCurrent ? "page" : undefined}
                  onClick={() => setOpen(false)}
                  className={`block rounded-md px-3 py-2 font-medium ${
                    isCurrent ? "bg-brand text-white" : "text-slate-700 hover:bg-orange-50 hover:text-brand-dark"
                  }`}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}
