import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { LinkProblem } from "@/components/auth/link-problem";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { describeResetLink } from "@/lib/accounts/password-reset";

export const metadata: Metadata = { title: "Choose a new password", robots: { index: false }, referrer: "no-referrer" };

type ResetPasswordPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The reset link lands here; the link is used up only when the new password is saved. */
export default async function ResetPasswordPage({ searchParams }: ResetPasswordPageProps) {
  const { token: raw } = await searchParams;
  const token = typeof raw === "string" ? raw : "";
  const state = await describeResetLink(token);
  return (
    <AuthCard title="Choose a new password" intro="Saving it signs your account out everywhere else and signs you in here.">
      {state === "valid" ? <ResetPasswordForm token={token} /> : <LinkProblem state={state} again={{ href: "/forgot-password", label: "Ask for a new link" }} />}
    </AuthCard>
  );
}
