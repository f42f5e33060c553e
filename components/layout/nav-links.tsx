"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { ariaCurrent, currentOnDarkClass, navItems, noPrefetch } from "./nav-items";

type NavLinksProps = {
  orientation?: "horizontal" | "vertical";
  onNavigate?: () => void;
};

/** The main links; the current page (or section) is marked with aria-current. */
export function NavLinks({ orientation = "horizontal", onNavigate }: NavLinksProps) {
  const pathname = usePathname() ?? "";
  const vertical = orientation === "vertical";
  return (
    <ul className={vertical ? "flex flex-col gap-1" : "flex items-center gap-1"}>
      {navItems.map((item) => {
        const current = ariaCurrent(pathname, item.href);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              prefetch={noPrefetch.has(item.href) ? false : undefined}
              aria-current={current}
              onClick={onNavigate}
              className={[
                "block rounded-md font-medium transition-colors",
                vertical ? "px-3 py-3 text-base" : "px-3 py-2 text-sm",
                current ? currentOnDarkClass : "text-slate-300 hover:bg-slate-800 hover:text-white",
              ].join(" ")}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
