import { isRecentSignIn, RECENT_SIGN_IN_MS } from "@/lib/accounts/recent-sign-in";
import { DeleteAccountButton, SignInAgainButton } from "./delete-account-buttons";
import { SecuritySection, type SecuritySectionProps } from "./security-section";

/** Deleting the account (the seed's account delete), behind a recent sign-in and a confirmation. */
export function DeleteAccountSection({ actor }: SecuritySectionProps) {
  const minutes = RECENT_SIGN_IN_MS / 60_000;
  return (
    <SecuritySection
      id="delete-account"
      title="Delete account"
      tone="danger"
      description="Your profile, photo, reviews and sign-in details are erased. Orders stay in the shop's books without your name, email or phone number. While a paid order waits to ship, we keep the account so we can deliver it."
    >
      {isRecentSignIn(actor) ? (
        <DeleteAccountButton />
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-slate-700">For your safety, deleting needs a sign-in from the last {minutes} minutes.</p>
          <SignInAgainButton />
        </div>
      )}
    </SecuritySection>
  );
}
