import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { LinkProblem } from "@/components/auth/link-problem";
import { ButtonLink } from "@/components/ui/button";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";

export const metadata: Metadata = { title: "Email address", robots: { index: false } };

type VerifyEmailPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const DONE = {
  verified: { title: "Email address verified", text: "Thank you: your email address is confirmed." },
  changed: { title: "Email address changed", text: "Your account now uses this address, and it is verified." },
} as const;

/**
 * Where the verification and email-change links land, after /api/account/verify-email or
 * /api/account/confirm-email-change has used them: it only shows the outcome.
 */
export default async function VerifyEmailPage({ searchParams }: VerifyEmailPageProps) {
  const { result } = await searchParams;
  if (result === "verified" || result === "changed") {
    const done = DONE[result];
    return (
      <AuthCard title={done.title} intro={done.text}>
        <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 font-medium text-green-900">
          {done.text}
        </p>
        <ButtonLink href="/account/security" className="mt-5 w-full">
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
  const state = result === "expired" || result === "used" ? result : "invalid";
  return (
    <AuthCard title="Email address not verified" intro="This link could not be used.">
      <LinkProblem state={state} again={{ href: "/account/security", label: "Get a new link on Sign-in & security" }} />
    </AuthCard>
  );
}
