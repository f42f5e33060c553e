"use client";

import Link from "next/link";
import { useEffect } from "react";
import { useSession } from "@/components/layout/use-session";
import { joinAccountCart, useCart } from "./cart-store";

/** The header's cart link with its count; it also joins the browser's cart to the account at sign-in. */
export function CartLink() {
  const session = useSession();
  const { lines, unread } = useCart();
  const signedIn = session.status === "signed-in";
  const known = session.status !== "loading";

  useEffect(() => {
    if (known) void joinAccountCart(signedIn);
  }, [known, signedIn]);

  const count = lines.length;
  // Signed in but the account's cart could not be read: the browser's lines are not the cart, so no
  // number is shown (the cart page says what happened).
  return (
    <Link
      href="/cart"
      prefetch={false}
      data-testid="cart-link"
      className="relative flex size-10 items-center justify-center rounded-md text-white hover:bg-slate-800"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={2}>
        <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="9" cy="20" r="1.4" />
        <circle cx="17" cy="20" r="1.4" />
      </svg>
      <span className="sr-only">Cart, </span>
      {/* A badge on the icon, so the header fits beside search, sign-in and the menu at 320 px. */}
      <span
        data-testid="cart-count"
        aria-hidden={unread || undefined}
        className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-orange-400 px-1 text-center text-xs leading-5 font-bold text-ink"
      >
        {unread ? "!" : count}
      </span>
      <span className="sr-only">{unread ? "could not be loaded" : count === 1 ? " product" : " products"}</span>
    </Link>
  );
}
