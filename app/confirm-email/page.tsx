import type { Metadata } from "next";
import { AuthCard, primaryButtonClass } from "@/components/auth/auth-card";
import { LinkProblem } from "@/components/auth/link-problem";
import { ButtonLink } from "@/components/ui/button";
import { findPageActor } from "@/app/page-session";
import { describeEmailChangeLink } from "@/lib/accounts/email-change";
import { withNext } from "@/models/next-path";

// "same-origin", not "no-referrer": the token stays out of any other site's Referer, and the form's own
// post still carries this site's Origin (under "no-referrer" a browser sends Origin: null, refused as cross-site).
export const metadata: Metadata = { title: "Confirm your new email address", robots: { index: false }, referrer: "same-origin" };

type ConfirmEmailPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Where the link mailed to a new address lands. It asks for one press before the account moves: mail
 * scanners open links to check them, and one at an address typed wrong would otherwise move the account
 * there. The press counts only in a browser signed in to the account that asked (ADR 044), so the owner
 * of an address a stranger typed cannot hand it to the stranger's account. A plain form, so it works
 * without scripts.
 */
export default async function ConfirmEmailPage({ searchParams }: ConfirmEmailPageProps) {
  const { token: raw } = await searchParams;
  const token = typeof raw === "string" ? raw : "";
  const [link, viewer] = await Promise.all([describeEmailChangeLink(token), findPageActor()]);
  if (link.state !== "valid" || !link.email) {
    return (
      <AuthCard title="Confirm your new email address" intro="Your ToolForge account moves to this address once you confirm it.">
        <LinkProblem state={link.state === "valid" ? "invalid" : link.state} again={{ href: "/account/security", label: "Change your email address again" }} />
      </AuthCard>
    );
  }
  if (viewer?.userId === link.userId) {
    return (
      <AuthCard title="Confirm your new email address" intro="Your ToolForge account moves to this address once you confirm it.">
        <form method="post" action="/api/account/confirm-email-change" className="flex flex-col gap-5">
          <input type="hidden" name="token" value={token} />
          <p className="text-slate-800">
            Use <strong className="[overflow-wrap:anywhere]">{link.email}</strong> for your account from now on.
          </p>
          <button type="submit" className={primaryButtonClass}>
            Confirm this address
          </button>
        </form>
      </AuthCard>
    );
  }
  const here = `/confirm-email?token=${encodeURIComponent(token)}`;
  return (
    <AuthCard title="Sign in to confirm your new address" intro={`This link moves a ToolForge account to ${link.email}, in a browser signed in to that account.`}>
      <div className="flex flex-col gap-4 text-slate-800">
        {viewer ? (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
            You are signed in as {viewer.email}, not to the account that asked for this change. Sign out first, then sign in to that account.
          </p>
        ) : null}
        <p>
          So that nobody can take someone else&apos;s address, the change is confirmed only where its account is signed in. Sign in with the
          account&apos;s current email address, and you come back here to confirm.
        </p>
        {viewer ? null : (
          <ButtonLink href={withNext("/login", here)} className="w-full">
            Sign in to confirm
          </ButtonLink>
        )}
        <p className="text-sm text-slate-700">
          Did not ask for this? Ignore the email: nothing changes unless the account&apos;s owner confirms here.
        </p>
      </div>
    </AuthCard>
  );
}
