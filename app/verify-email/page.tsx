import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard, textLinkClass } from "@/components/auth/auth-card";
import { LinkProblem } from "@/components/auth/link-problem";
import { SignInToConfirm } from "@/components/auth/sign-in-to-confirm";
import type { TokenStateName } from "@/components/auth/link-states";
import { findPageActor } from "@/app/page-session";
import { buttonClasses, ButtonLink } from "@/components/ui/button";
import { describeVerificationLink } from "@/lib/accounts/verification";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";

// The page can carry an unused link: it is never sent on as a referrer.
export const metadata: Metadata = { title: "Email address", robots: { index: false }, referrer: "no-referrer" };

type VerifyEmailPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const DONE = {
  verified: { title: "Email address verified", intro: "Order mail and sign-in links reach you at this address.", text: "Thank you: your email address is confirmed." },
  changed: { title: "Email address changed", intro: "Order mail and sign-in links go to this address from now on.", text: "Your account now uses this address, and it is verified." },
} as const;

/**
 * Where the verification and email-change links land, after /api/account/verify-email or
 * /api/account/confirm-email-change has used them: it only shows the outcome.
 */
export default async function VerifyEmailPage({ searchParams }: VerifyEmailPageProps) {
  const { result, token } = await searchParams;
  if (typeof token === "string" && token !== "") return <ConfirmInThisBrowser token={token} />;
  if (result === "verified" || result === "changed") {
    const done = DONE[result];
    // The first admin (ADMIN_EMAILS) becomes one with this proof: said here, with the way in.
    const admin = (await findPageActor())?.role === "admin";
    return (
      <AuthCard title={done.title} intro={done.intro}>
        <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 font-medium text-green-900">
          {done.text}
          {admin ? " Your account is an admin of this shop." : ""}
        </p>
        {admin ? (
          <ButtonLink href="/dashboard" className="mt-5 w-full">
            Go to the dashboard
          </ButtonLink>
        ) : null}
        <ButtonLink href="/account/security" variant={admin ? "secondary" : undefined} className={admin ? "mt-3 w-full" : "mt-5 w-full"}>
          Go to sign-in &amp; security
        </ButtonLink>
      </AuthCard>
    );
  }
  if (result === "disabled" || result === "taken") {
    return (
      <AuthCard title="Email address not changed" intro="This link could not be used.">
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 font-medium text-red-800">
          {result === "disabled" ? ACCOUNT_MESSAGES.disabled : ACCOUNT_MESSAGES.emailTaken}
        </p>
      </AuthCard>
    );
  }
  // A used link opened again by its verified owner (a second click in the mail) is not a problem.
  if (result === "used" && (await findPageActor())?.emailVerified) {
    return (
      <AuthCard title="Email address already verified" intro="This link was used before.">
        <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 font-medium text-green-900">
          Your email address is confirmed; there is nothing more to do.
        </p>
        <ButtonLink href="/account/security" className="mt-5 w-full">
          Go to sign-in &amp; security
        </ButtonLink>
      </AuthCard>
    );
  }
  return <NotVerified state={result === "expired" || result === "used" ? result : "invalid"} />;
}

/** A verification link that cannot be used (any more), with the way to a new one. */
function NotVerified({ state }: { state: TokenStateName }) {
  return (
    <AuthCard title="Email address not verified" intro="This link could not be used.">
      <LinkProblem state={state} again={{ href: "/account/security", label: "Get a new link on Sign-in & security" }} />
    </AuthCard>
  );
}

/**
 * A verification link opened in a browser that is not signed in to its account (ADR 044): the link
 * is still unused. Signed in to the account, one press confirms; otherwise the person signs in first
 * and comes back here. Nothing on this page uses the link, so a mail scanner that fetches it changes
 * nothing.
 */
async function ConfirmInThisBrowser({ token }: { token: string }) {
  const [link, viewer] = await Promise.all([describeVerificationLink(token), findPageActor()]);
  if (link.state !== "valid" || !link.email) return <NotVerified state={link.state === "valid" ? "invalid" : link.state} />;
  const here = `/verify-email?token=${encodeURIComponent(token)}`;
  if (viewer?.userId === link.userId) {
    return (
      <AuthCard title="Confirm your email address" intro={`Confirm ${link.email} as the address of your account.`}>
        {/* A plain link, not a client-side one: the verification answers with a redirect and a new session cookie. */}
        <a href={`/api/account/verify-email?token=${encodeURIComponent(token)}`} className={buttonClasses("primary", "md", "w-full")}>
          Confirm my address
        </a>
      </AuthCard>
    );
  }
  return (
    <SignInToConfirm
      title="Sign in to confirm your address"
      intro={`This link confirms ${link.email} in a browser signed in to its account.`}
      wrongAccount={viewer ? `You are signed in as ${viewer.email}. Sign out first, then sign in to the account of ${link.email}.` : null}
      why="So that nobody can use someone else's address, the address is confirmed only where its account is signed in. Sign in with the password you chose, and you come back here to confirm."
      here={here}
    >
      Did not create an account with this address, or forgot its password? Choose{" "}
      <Link href="/forgot-password" className={textLinkClass}>
        Forgot password?
      </Link>
      : its link proves the address is yours and ends whatever was set up with it before.
    </SignInToConfirm>
  );
}
