"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { ariaCurrent } from "@/components/layout/nav-items";

type MenuItem = { href: string; label: string };

/** The item of `items` the visitor is on (its page or a page below it). */
export function currentItem<T extends MenuItem>(items: readonly T[], pathname: string): T | undefined {
  return items.find((item) => pathname === item.href || pathname.startsWith(`${item.href}/`));
}

/** The dashboard's side menu on wide screens; phones get the same links in the header's menu. */
export function SideMenu({ items, heading }: { items: MenuItem[]; heading: string }) {
  const pathname = usePathname() ?? "";
  const current = currentItem(items, pathname);

  return (
    <nav aria-label="Dashboard">
      <p className="mb-3 text-xs font-semibold tracking-wider text-slate-600 uppercase">{heading}</p>
      <ul className="flex flex-col gap-1">
        {items.map((item) => {
          const isCurrent = item === current;
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={isCurrent ? ariaCurrent(pathname, item.href) : undefined}
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
    </nav>
  );
}
