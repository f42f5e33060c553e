import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { EmailLinkSignIn } from "@/components/auth/email-link-sign-in";
import { LinkProblem } from "@/components/auth/link-problem";
import { describeEmailLink } from "@/lib/accounts/email-link";
import { safeNextPath } from "@/models/next-path";

export const metadata: Metadata = { title: "Sign in with your link", robots: { index: false }, referrer: "no-referrer" };

type EmailLinkPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function EmailLinkPage({ searchParams }: EmailLinkPageProps) {
  const { token: raw, next } = await searchParams;
  const token = typeof raw === "string" ? raw : "";
  const link = await describeEmailLink(token);
  return (
    <AuthCard title="Sign in with your link" intro="This link signs you in once, within 15 minutes of being sent.">
      {link.state === "valid" && link.email ? (
        <EmailLinkSignIn token={token} email={link.email} next={safeNextPath(next)} />
      ) : (
        <LinkProblem state={link.state === "valid" ? "invalid" : link.state} again={{ href: "/login", label: "Back to login" }} />
      )}
    </AuthCard>
  );
}
