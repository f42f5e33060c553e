import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { MoreSignInOptions } from "@/components/auth/more-sign-in-options";
import { signInProviders } from "@/lib/accounts/sign-in-providers";
import { providerErrorMessage } from "@/components/auth/sign-in-messages";
import { TwoFactorChallenge } from "@/components/auth/two-factor-challenge";
import { safeNextPath } from "@/models/next-path";
import { findPageActor } from "@/app/page-session";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Login" };

type LoginPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LoginPage({ searchParams }: LoginPageProps) {
  const { next: rawNext, error, step } = await searchParams;
  const next = safeNextPath(rawNext);
  if (await findPageActor()) redirect(next);

  // A provider sign-in for an account with two-factor on comes back here for the second step.
  if (step === "two-factor") {
    return (
      <AuthCard title="Login" intro="Welcome back. Sign in to order tools and follow your orders.">
        <TwoFactorChallenge next={next} />
      </AuthCard>
    );
  }

  // better-auth sends a failed provider sign-in back here with ?error=<code>.
  const initialError = typeof error === "string" ? providerErrorMessage(error) : null;

  return (
    <AuthCard title="Login" intro="Welcome back. Sign in to order tools and follow your orders.">
      {/* A boundary of its own: the form hydrates after the header, in a task of its own (ADR 038). */}
      <Suspense>
        <LoginForm
          next={next}
          initialError={initialError}
          alternatives={<MoreSignInOptions providers={signInProviders(getEnv())} next={next} />}
        />
      </Suspense>
    </AuthCard>
  );
}
