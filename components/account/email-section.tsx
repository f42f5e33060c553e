import { isRecentSignIn, RECENT_SIGN_IN_MS } from "@/lib/accounts/recent-sign-in";
import { ChangeEmailForm } from "./change-email-form";
import { ResendVerificationButton } from "./resend-verification-button";
import { SecuritySection, VerifiedBadge, type SecuritySectionProps } from "./security-section";

/** The account's address, whether it is verified (with the resend button), and changing it. */
export function EmailSection({ actor }: SecuritySectionProps) {
  return (
    <SecuritySection id="email" title="Email address" description="We send sign-in links, password resets and order updates here.">
      <p className="flex flex-wrap items-center gap-3">
        <span className="font-semibold [overflow-wrap:anywhere] text-slate-900" data-testid="account-email">
          {actor.email}
        </span>
        <VerifiedBadge verified={actor.emailVerified} />
      </p>
      {actor.emailVerified ? null : (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <p className="text-slate-700">Open the link we emailed you to verify this address.</p>
          <ResendVerificationButton />
        </div>
      )}
      <ChangeEmailForm currentEmail={actor.email} recentSignIn={isRecentSignIn(actor)} recentMinutes={RECENT_SIGN_IN_MS / 60_000} />
    </SecuritySection>
  );
}
