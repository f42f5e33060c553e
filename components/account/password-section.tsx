import Link from "next/link";
import { hasPassword } from "@/lib/accounts/credentials";
import { ChangePasswordForm } from "./change-password-form";
import { SecuritySection, type SecuritySectionProps } from "./security-section";

export async function PasswordSection({ actor }: SecuritySectionProps) {
  const withPassword = await hasPassword(actor.userId);
  return (
    <SecuritySection id="password" title="Password" description="Changing it signs you out everywhere else.">
      {withPassword ? (
        <ChangePasswordForm />
      ) : (
        <p className="text-slate-700">
          You sign in without a password. To set one, use{" "}
          <Link href="/forgot-password" className="font-semibold text-brand underline underline-offset-2">
            Forgot password?
          </Link>{" "}
          with {actor.email}.
        </p>
      )}
    </SecuritySection>
  );
}
