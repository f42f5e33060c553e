import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { safeNextPath } from "@/models/next-path";
import { RegisterForm } from "@/components/auth/register-form";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { buttonClasses } from "@/components/ui/button";
import { findPageActor } from "@/app/page-session";
import { signInProviders } from "@/lib/accounts/sign-in-providers";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Register" };

type RegisterPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RegisterPage({ searchParams }: RegisterPageProps) {
  const { next: rawNext } = await searchParams;
  const next = safeNextPath(rawNext);
  const actor = await findPageActor();
  if (actor) {
    // Sent here on the way somewhere (?next=, e.g. just after registering): go on there.
    if (rawNext !== undefined) redirect(next);
    // Followed "Open an account" while signed in: say why there is no form, instead of a silent redirect.
    return (
      <AuthCard title="Register" intro="You already have a ToolForge account.">
        <p className="text-slate-700">
          You are signed in as <span className="font-semibold [overflow-wrap:anywhere] text-slate-900">{actor.email}</span>. To open another
          account, sign out first.
        </p>
        <div className="mt-6 grid gap-3">
          <SignOutButton to="/register" label="Sign out and register" />
          <Link href="/servicedata" className={buttonClasses("secondary", "md", "w-full")}>
            Browse the tools
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Register" intro="Create your ToolForge account to order tools at trade prices.">
      <RegisterForm next={next} providers={signInProviders(getEnv())} />
    </AuthCard>
  );
}
