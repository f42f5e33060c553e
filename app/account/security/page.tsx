import type { Metadata } from "next";
import { DeleteAccountSection } from "@/components/account/delete-account-section";
import { EmailSection } from "@/components/account/email-section";
import { PasswordSection } from "@/components/account/password-section";
import { PhoneNumberSection } from "@/components/account/phone-number-section";
import { isRecentSignIn, RECENT_SIGN_IN_MS } from "@/lib/accounts/recent-sign-in";
import { SESSIONS_PAGING_PREFIX, SessionsSection } from "@/components/account/sessions-section";
import { readPageQuery } from "@/components/admin/pagination";
import { TwoFactorSection } from "@/components/account/two-factor-section";
import { requirePageActor } from "@/app/page-session";
import { getSecurityOverview } from "@/lib/accounts/security";
import { SESSION_PAGE_SIZE } from "@/models/accounts";

export const metadata: Metadata = { title: "Sign-in & security", robots: { index: false } };

/**
 * The account's sign-in and security settings. Most sections are server components taking `{ actor }`
 * (components/account/security-section.tsx); two-factor and phone take the overview of how the
 * account signs in.
 */
type AccountSecurityPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AccountSecurityPage({ searchParams }: AccountSecurityPageProps) {
  const actor = await requirePageActor("/account/security");
  const sessionsPaging = readPageQuery(await searchParams, SESSION_PAGE_SIZE, SESSIONS_PAGING_PREFIX);
  const overview = await getSecurityOverview(actor);
  const recentSignIn = isRecentSignIn(actor);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Sign-in &amp; security</h1>
      <p className="mt-2 text-slate-700">How you sign in to ToolForge, where you are signed in, and your account itself.</p>
      {actor.mustEnrolTwoFactor ? (
        <p role="alert" className="mt-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-slate-900">
          This shop requires admins to use two-factor authentication: set it up below to use the admin tools.
        </p>
      ) : null}
      <div className="mt-8 flex flex-col gap-6">
        <EmailSection actor={actor} />
        <PasswordSection actor={actor} />
        <TwoFactorSection
          enabled={overview.twoFactorEnabled}
          needsPassword={overview.hasPassword}
          recentSignIn={recentSignIn}
          recentMinutes={RECENT_SIGN_IN_MS / 60_000}
        />
        <PhoneNumberSection phoneNumber={overview.phoneNumber} recentSignIn={recentSignIn} />
        <SessionsSection actor={actor} paging={sessionsPaging} />
        <DeleteAccountSection actor={actor} />
      </div>
    </div>
  );
}
