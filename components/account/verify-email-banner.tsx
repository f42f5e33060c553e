"use client";

import Link from "next/link";
import { ResendVerificationButton } from "./resend-verification-button";

/** The reminder itself, loaded only for the few visitors who need it (see verify-email-reminder.tsx). */
export function VerifyEmailBanner({ email }: { email: string }) {
  return (
    <aside aria-label="Verification reminder" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-2 text-sm sm:flex-row sm:items-center sm:gap-4 sm:px-6 lg:px-8">
        <p>
          Please confirm <strong className="[overflow-wrap:anywhere]">{email}</strong>: open the link we emailed you.{" "}
          <Link href="/account/security" prefetch={false} className="font-semibold underline underline-offset-2">
            Email settings
          </Link>
        </p>
        <ResendVerificationButton className="sm:ml-auto" />
      </div>
    </aside>
  );
}
