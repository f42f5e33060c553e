import type { Metadata } from "next";
import { AuthCard, primaryButtonClass } from "@/components/auth/auth-card";
import { LinkProblem } from "@/components/auth/link-problem";
import { SignInToConfirm } from "@/components/auth/sign-in-to-confirm";
import { findPageActor } from "@/app/page-session";
import { describeEmailChangeLink } from "@/lib/accounts/email-change";

// "same-origin", not "no-referrer": the token stays out of any other site's Referer, and the form's own
// post still carries this site's Origin (under "no-referrer" a browser sends Origin: null, refused as cross-site).
export const metadata: Metadata = { title: "Confirm your new email address", robots: { index: false }, referrer: "same-origin" };

const CONFIRM_CARD = { title: "Confirm your new email address", intro: "Your ToolForge account moves to this address once you confirm it." };

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
      <AuthCard {...CONFIRM_CARD}>
        <LinkProblem state={link.state === "valid" ? "invalid" : link.state} again={{ href: "/account/security", label: "Change your email address again" }} />
      </AuthCard>
    );
  }
  if (viewer?.userId === link.userId) {
    return (
      <AuthCard {...CONFIRM_CARD}>
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
  return (
    <SignInToConfirm
      title="Sign in to confirm your new address"
      intro={`This link moves a ToolForge account to ${link.email}, in a browser signed in to that account.`}
      wrongAccount={viewer ? `You are signed in as ${viewer.email}, not to the account that asked for this change. Sign out first, then sign in to that account.` : null}
      why="So that nobody can take someone else's address, the change is confirmed only where its account is signed in. Sign in with the account's current email address, and you come back here to confirm."
      here={`/confirm-email?token=${encodeURIComponent(token)}`}
    >
      Did not ask for this? Ignore the email: nothing changes unless the account&apos;s owner confirms here.
    </SignInToConfirm>
  );
}
