"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { dashboardMenu } from "@/components/dashboard/sections";
import { currentItem } from "@/components/dashboard/side-menu";
import { buttonClasses } from "@/components/ui/button";
import { Img } from "@/components/ui/img";
import { LoginLink } from "./login-link";
import { ariaCurrent, currentOnDarkClass } from "./nav-items";
import { NavLinks } from "./nav-links";
import { avatarSrc, useSession, useSignOut } from "./use-session";

const DRAWER_ID = "mobile-drawer";

/**
 * The phone menu (< md): a modal side drawer. Focus moves into it and is kept there, Escape or the
 * overlay closes it, and focus goes back to the button that opened it.
 */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const session = useSession();
  const signOut = useSignOut();
  const pathname = usePathname() ?? "";

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close();
      }
    };
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open, close]);

  // The drawer is md:hidden: if the window grows past md while it is open, close it.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia("(min-width: 48rem)");
    const onChange = () => wide.matches && close(false);
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, [open, close]);

  function trapFocus(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Tab" || !panelRef.current) return;
    const focusable = Array.from(
      panelRef.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])'),
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const leave = () => close(false);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={DRAWER_ID}
        onClick={() => setOpen(true)}
        className="inline-flex size-10 items-center justify-center rounded-md text-slate-200 hover:bg-slate-800 hover:text-white md:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
        </svg>
        <span className="sr-only">Open Dashboard</span>
      </button>

      {/* The container always exists (aria-controls points at it); its content is rendered only while open. */}
      <div id={DRAWER_ID} hidden={!open} className="md:hidden">
        {open && (
          <>
            <div aria-hidden="true" className="animate-fade-in fixed inset-0 z-50 bg-slate-950/60" onClick={() => close()} />
            <div
              ref={panelRef}
              role="dialog"
              aria-modal="true"
              aria-labelledby={`${DRAWER_ID}-title`}
              onKeyDown={trapFocus}
              className="on-dark animate-drawer-in fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-slate-900 p-4 text-white shadow-2xl"
            >
              <div className="mb-4 flex items-center justify-between">
                <h2 id={`${DRAWER_ID}-title`} className="text-lg font-semibold">
                  Menu
                </h2>
                <button
                  ref={closeRef}
                  type="button"
                  onClick={() => close()}
                  className="inline-flex size-10 items-center justify-center rounded-md text-slate-200 hover:bg-slate-800 hover:text-white"
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
                    <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
                  </svg>
                  <span className="sr-only">Close menu</span>
                </button>
              </div>

              <nav aria-label="Mobile">
                <NavLinks orientation="vertical" onNavigate={leave} />
              </nav>

              {session.status === "signed-in" && <DashboardLinks role={session.user.role} pathname={pathname} onNavigate={leave} />}

              <div className="mt-6 border-t border-slate-700 pt-6">
                {session.status === "loading" && (
                  <div aria-busy="true" className="h-11 rounded-md bg-slate-800">
                    <span className="sr-only">Checking sign-in…</span>
                  </div>
                )}
                {session.status === "signed-out" && (
                  <div className="flex flex-col gap-3">
                    <LoginLink onClick={leave} className={buttonClasses("primary", "md", "w-full")}>
                      Login
                    </LoginLink>
                    <LoginLink to="/register" onClick={leave} className={buttonClasses("ghost-dark", "md", "w-full")}>
                      Create an account
                    </LoginLink>
                  </div>
                )}
                {session.status === "signed-in" && (
                  <div className="flex flex-col gap-3">
                    <div className="flex items-center gap-3">
                      <Img
                        src={avatarSrc(session.user)}
                        alt=""
                        width={40}
                        height={40}
                        referrerPolicy="no-referrer"
                        className="size-10 rounded-full bg-slate-700 object-cover"
                      />
                      <div className="min-w-0">
                        <p className="truncate font-semibold">{session.user.name}</p>
                        <p className="truncate text-sm text-slate-300">{session.user.email}</p>
                      </div>
                    </div>
                    <Link
                      href="/dashboard/myProfile"
                      prefetch={false}
                      onClick={leave}
                      className={buttonClasses("ghost-dark", "md", "w-full")}
                    >
                      My Profile
                    </Link>
                    <Link
                      href="/account/security"
                      prefetch={false}
                      onClick={leave}
                      className={buttonClasses("ghost-dark", "md", "w-full")}
                    >
                      Sign-in &amp; security
                    </Link>
                    <button
                      type="button"
                      className={buttonClasses("primary", "md", "w-full")}
                      onClick={async () => {
                        leave();
                        await signOut();
                      }}
                    >
                      Logout
                    </button>
                  </div>
                )}
              </div>
            </div>
          </>
        )}
      </div>
    </>
  );
}

/** The dashboard's pages for the visitor's role: on phones this drawer is the dashboard's only menu. */
function DashboardLinks({ role, pathname, onNavigate }: { role: string | null | undefined; pathname: string; onNavigate: () => void }) {
  const items = dashboardMenu(role === "admin" ? "admin" : "customer");
  const current = currentItem(items, pathname);
  return (
    <nav aria-labelledby={`${DRAWER_ID}-dashboard`} className="mt-6 border-t border-slate-700 pt-6">
      <h3 id={`${DRAWER_ID}-dashboard`} className="mb-2 px-3 text-xs font-semibold tracking-wider text-slate-300 uppercase">
        {role === "admin" ? "Admin dashboard" : "My dashboard"}
      </h3>
      <ul className="flex flex-col gap-1">
        {items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={item === current ? ariaCurrent(pathname, item.href) : undefined}
              onClick={onNavigate}
              className={`block rounded-md px-3 py-2.5 text-base font-medium ${
                item === current ? currentOnDarkClass : "text-slate-300 hover:bg-slate-800 hover:text-white"
              }`}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
