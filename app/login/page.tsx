import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { safeNextPath } from "@/models/accounts";
import { findPageActor } from "@/components/auth/session";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Login" };

type LoginPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LoginPage({ searchParams }: LoginPageProps) {
  const { next: rawNext, error } = await searchParams;
  const next = safeNextPath(rawNext);
  if (await findPageActor()) redirect(next);

  // better-auth sends a failed social sign-in back here with ?error=<code>.
  const initialError = error ? "Signing in with Google did not complete. Try again or use your email and password." : null;

  return (
    <AuthCard title="Login" intro="Welcome back. Sign in to order tools and follow your orders.">
      <LoginForm next={next} googleEnabled={Boolean(getEnv().socialProviders.google)} initialError={initialError} />
    </AuthCard>
  );
}
