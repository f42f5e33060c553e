"use client";

import Link from "next/link";
import { useState } from "react";
import { ResendVerificationButton } from "./resend-verification-button";

const HIDDEN_KEY = "toolforge.verify-reminder-hidden";

function hiddenInThisTab(): boolean {
  try {
    return sessionStorage.getItem(HIDDEN_KEY) === "1";
  } catch {
    return false;
  }
}

/**
 * The reminder itself, loaded only for the few visitors who need it (see verify-email-reminder.tsx).
 * It stays at the foot of the window, over the page, so it is kept to one or two lines on a phone, and
 * the customer can hide it until the tab is closed (the next visit reminds them again).
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const [hidden, setHidden] = useState(hiddenInThisTab);
  if (hidden) return null;

  function hide() {
    try {
      sessionStorage.setItem(HIDDEN_KEY, "1");
    } catch {
      // Storage refused: hidden on this page only.
    }
    setHidden(true);
  }

  return (
    <aside
      aria-label="Verification reminder"
      className="sticky bottom-0 z-30 border-t border-amber-300 bg-amber-50 text-amber-950 shadow-[0_-2px_8px_rgb(15_23_42/0.08)] print:hidden"
    >
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2 text-xs sm:gap-4 sm:px-6 sm:text-sm lg:px-8">
        <p className="min-w-0 flex-1">
          Please confirm <strong className="[overflow-wrap:anywhere]">{email}</strong>: open the link we emailed you.{" "}
          <Link href="/account/security" prefetch={false} className="font-semibold underline underline-offset-2">
            Email settings
          </Link>
        </p>
        <ResendVerificationButton className="shrink-0" />
        <button
          type="button"
          onClick={hide}
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-amber-900 hover:bg-amber-100"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
          </svg>
          <span className="sr-only">Hide the reminder</span>
        </button>
      </div>
    </aside>
  );
}
