import type { Metadata } from "next";
import { AuthCard, primaryButtonClass } from "@/components/auth/auth-card";
import { LinkProblem } from "@/components/auth/link-problem";
import { describeEmailChangeLink } from "@/lib/accounts/email-change";

// "same-origin", not "no-referrer": the token stays out of any other site's Referer, and the form's own
// post still carries this site's Origin (under "no-referrer" a browser sends Origin: null, refused as cross-site).
export const metadata: Metadata = { title: "Confirm your new email address", robots: { index: false }, referrer: "same-origin" };

type ConfirmEmailPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Where the link mailed to a new address lands. It asks for one press before the account moves: mail
 * scanners open links to check them, and one at an address typed wrong would otherwise move the account
 * there. A plain form, so it works without scripts.
 */
export default async function ConfirmEmailPage({ searchParams }: ConfirmEmailPageProps) {
  const { token: raw } = await searchParams;
  const token = typeof raw === "string" ? raw : "";
  const link = await describeEmailChangeLink(token);
  return (
    <AuthCard title="Confirm your new email address" intro="Your ToolForge account moves to this address once you confirm it.">
      {link.state === "valid" && link.email ? (
        <form method="post" action="/api/account/confirm-email-change" className="flex flex-col gap-5">
          <input type="hidden" name="token" value={token} />
          <p className="text-slate-800">
            Use <strong className="[overflow-wrap:anywhere]">{link.email}</strong> for your account from now on.
          </p>
          <button type="submit" className={primaryButtonClass}>
            Confirm this address
          </button>
        </form>
      ) : (
        <LinkProblem state={link.state === "valid" ? "invalid" : link.state} again={{ href: "/account/security", label: "Change your email address again" }} />
      )}
    </AuthCard>
  );
}
