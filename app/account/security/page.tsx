import type { Metadata } from "next";
import { DeleteAccountSection } from "@/components/account/delete-account-section";
import { EmailSection } from "@/components/account/email-section";
import { PasswordSection } from "@/components/account/password-section";
import { SessionsSection } from "@/components/account/sessions-section";
import { requirePageActor } from "@/components/auth/session";

export const metadata: Metadata = { title: "Sign-in & security", robots: { index: false } };

/**
 * The account's sign-in and security settings. Each section is a server component taking `{ actor }`
 * (components/account/security-section.tsx): a new one, e.g. two-factor authentication or phone,
 * is one more line in the list below.
 */
export default async function AccountSecurityPage() {
  const actor = await requirePageActor("/account/security");
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Sign-in &amp; security</h1>
      <p className="mt-2 text-slate-700">How you sign in to ToolForge, where you are signed in, and your account itself.</p>
      <div className="mt-8 flex flex-col gap-6">
        <EmailSection actor={actor} />
        <PasswordSection actor={actor} />
        <SessionsSection actor={actor} />
        <DeleteAccountSection actor={actor} />
      </div>
    </div>
  );
}
