"use client";

import { useState } from "react";
import { flashToast } from "@/components/layout/flash";

/**
 * What happens once a sign-in form (password, email link, phone code, second factor, register, reset)
 * has signed the visitor in: `done` keeps the form busy while `finish` loads `next`.
 *
 * A full page load, not a client-side navigation: a visitor sent here by a protected page they opened
 * from a link (Buy now, Checkout, Dashboard) left the router holding that page's redirect to /login.
 * Replayed after sign-in, it bounced between the two pages without end. A page load also gives the
 * header the new session at once. The toast is shown by the next page.
 */
export function useSignedIn(next: string): { done: boolean; finish: (message: string) => void } {
  const [done, setDone] = useState(false);

  function finish(message: string) {
    setDone(true);
    flashToast(message);
    window.location.replace(next);
  }

  return { done, finish };
}
