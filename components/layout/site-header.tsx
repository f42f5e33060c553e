import Link from "next/link";
import { Suspense } from "react";
import { LogoMark } from "./logo-mark";
import { CartLink } from "@/components/cart/cart-sync";
import { AuthArea } from "./auth-area";
import { HeaderSearch } from "./header-search";
import { MobileNav } from "./mobile-nav";
import { MobileSearch } from "./mobile-search";
import { NavLinks } from "./nav-links";

/** Sticky site header. Server-rendered; only the links' current state, sign-in and the drawer run in the browser. */
export function SiteHeader() {
  return (
    <header className="on-dark sticky top-0 z-40 border-b border-slate-800 bg-ink text-white shadow-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link href="/" prefetch={false} className="flex shrink-0 items-center gap-2 rounded-md text-xl font-bold tracking-tight">
          <LogoMark className="size-9" />
          {/* Below 420 px the mark alone stands for the name, so search, the cart, sign-in and the menu fit beside it. */}
          <span className="max-[419px]:sr-only">
            Tool<span className="text-orange-400">Forge</span>
          </span>
        </Link>
        {/* Each client part hydrates in a task of its own (the boundaries never suspend; ADR 038). */}
        <nav aria-label="Main" className="ml-6 hidden md:block">
          <Suspense>
            <NavLinks />
          </Suspense>
        </nav>
        <Suspense>
          <HeaderSearch className="ml-auto hidden w-56 lg:block xl:w-72" />
        </Suspense>
        <div className="ml-auto flex items-center gap-1 sm:gap-2 lg:ml-0">
          <Suspense>
            <MobileSearch />
          </Suspense>
          <Suspense>
            <CartLink />
          </Suspense>
          <Suspense>
            <AuthArea />
          </Suspense>
          <Suspense>
            <MobileNav />
          </Suspense>
        </div>
      </div>
    </header>
  );
}
