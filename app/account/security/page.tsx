import type { Metadata } from "next";
import { PhoneNumberSection } from "@/components/account/phone-number-section";
import { TwoFactorSection } from "@/components/account/two-factor-section";
import { requirePageActor } from "@/components/auth/session";
import { getSecurityOverview } from "@/lib/accounts/security";

export const metadata: Metadata = { title: "Account security", robots: { index: false } };

/** How the account signs in: two-factor authentication and the sign-in phone number. */
export default async function AccountSecurityPage() {
  const actor = await requirePageActor("/account/security");
  const overview = await getSecurityOverview(actor);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Account security</h1>
      {actor.mustEnrolTwoFactor ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-slate-900">
          This shop requires admins to use two-factor authentication: set it up below to use the admin tools.
        </p>
      ) : null}
      <TwoFactorSection enabled={overview.twoFactorEnabled} needsPassword={overview.hasPassword} />
      <PhoneNumberSection phoneNumber={overview.phoneNumber} />
    </div>
  );
}
