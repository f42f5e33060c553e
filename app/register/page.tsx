import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { safeNextPath } from "@/models/accounts";
import { RegisterForm } from "@/components/auth/register-form";
import { findPageActor } from "@/components/auth/session";
import { signInProviders } from "@/lib/accounts/sign-in-providers";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Register" };

type RegisterPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RegisterPage({ searchParams }: RegisterPageProps) {
  const { next: rawNext } = await searchParams;
  const next = safeNextPath(rawNext);
  if (await findPageActor()) redirect(next);

  return (
    <AuthCard title="Register" intro="Create your ToolForge account to order tools at trade prices.">
      <RegisterForm next={next} providers={signInProviders(getEnv())} />
    </AuthCard>
  );
}
