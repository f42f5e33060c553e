"use client";

import Link from "next/link";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Img } from "@/components/ui/img";
import { avatarSrc, useSignOut, type SessionUser } from "./use-session";

const ITEM_CLASS =
  "flex w-full items-center rounded-md px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-orange-50 focus-visible:bg-orange-50";

/**
 * Avatar menu button (WAI-ARIA menu button pattern): Enter, Space or ArrowDown opens it and focuses
 * the first item; arrows, Home and End move; Escape closes and returns focus; Tab or a click outside closes.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<"first" | "last">("first");
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const unconfirmedId = useId();
  const signOut = useSignOut();
  // An address not confirmed yet: a dot on the button and the first item of the menu say so. Both sit
  // where nothing else is, so the page does not move when the session arrives after the first paint.
  const unconfirmed = user.emailVerified === false;

  const items = useCallback(
    () => Array.from(panelRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
    [],
  );

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const list = items();
    (focusOnOpen === "last" ? list[list.length - 1] : list[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, focusOnOpen, items]);

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setFocusOnOpen(event.key === "ArrowUp" ? "last" : "first");
      setOpen(true);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close(true);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLElement>) {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (next: number) => {
      event.preventDefault();
      list[(next + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case "ArrowDown":
        return move(index + 1);
      case "ArrowUp":
        return move(index - 1);
      case "Home":
        return move(0);
      case "End":
        return move(list.length - 1);
      case "Escape":
        event.preventDefault();
        return close(true);
      case "Tab":
        return close(false);
    }
  }

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        data-testid="user-menu"
        aria-label={`Account menu for ${user.name}`}
        aria-describedby={unconfirmed ? unconfirmedId : undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          setFocusOnOpen("first");
          setOpen((wasOpen) => !wasOpen);
        }}
        onKeyDown={onButtonKeyDown}
        className="relative flex size-10 items-center justify-center rounded-full ring-2 ring-slate-600 transition hover:ring-orange-300"
      >
        <Img
          src={avatarSrc(user)}
          alt=""
          width={36}
          height={36}
          referrerPolicy="no-referrer"
          className="size-9 rounded-full bg-slate-700 object-cover"
        />
        {unconfirmed ? (
          <span aria-hidden="true" data-testid="unconfirmed-dot" className="absolute -right-0.5 -top-0.5 size-3 rounded-full bg-amber-400 ring-2 ring-slate-900" />
        ) : null}
      </button>
      {/* A description, not part of the name: the button stays "Account menu for …" for every customer. */}
      {unconfirmed ? (
        <span id={unconfirmedId} hidden>
          Your email address is not confirmed yet.
        </span>
      ) : null}
      {/* White inside the dark header: the header's pale focus ring would be 1.7:1 here, on-light puts back the dark one. */}
      <div
        ref={panelRef}
        hidden={!open}
        className="on-light animate-pop-in absolute right-0 z-50 mt-2 w-60 rounded-lg border border-slate-200 bg-white p-2 text-slate-900 shadow-xl"
      >
        <div className="border-b border-slate-200 px-3 pb-2 pt-1">
          <p className="truncate text-sm font-semibold">{user.name}</p>
          <p className="truncate text-xs text-slate-600">{user.email}</p>
        </div>
        <ul id={menuId} role="menu" aria-label="Account" className="pt-2" onKeyDown={onMenuKeyDown}>
          {unconfirmed ? (
            <li role="none" className="mb-1 border-b border-slate-200 pb-1">
              <Link
                role="menuitem"
                tabIndex={-1}
                href="/account/security"
                prefetch={false}
                className={`${ITEM_CLASS} gap-2 bg-amber-50 text-amber-950 hover:bg-amber-100 focus-visible:bg-amber-100`}
                onClick={() => close(false)}
              >
                <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-amber-500" />
                Confirm your email address
              </Link>
            </li>
          ) : null}
          <li role="none">
            <Link
              role="menuitem"
              tabIndex={-1}
              href="/dashboard/myProfile"
              prefetch={false}
              className={ITEM_CLASS}
              onClick={() => close(false)}
            >
              My Profile
            </Link>
          </li>
          <li role="none">
            <Link
              role="menuitem"
              tabIndex={-1}
              href="/account/security"
              prefetch={false}
              className={ITEM_CLASS}
              onClick={() => close(false)}
            >
              Sign-in &amp; security
            </Link>
          </li>
          <li role="none">
            <button
              role="menuitem"
              tabIndex={-1}
              type="button"
              className={ITEM_CLASS}
              onClick={async () => {
                close(false);
                await signOut();
              }}
            >
              Logout
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
