import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";
import { withNext } from "@/models/next-path";
import { AuthCard } from "./auth-card";

type SignInToConfirmProps = {
  title: string;
  intro: string;
  /** Signed in to another account: what to do about it (no sign-in button then). Null when signed out. */
  wrongAccount: string | null;
  /** Why the link counts only where its account is signed in. */
  why: ReactNode;
  /** The page to come back to once signed in. */
  here: string;
  /** A last word for whoever the link was not meant for. */
  children: ReactNode;
};

/**
 * A mailed link opened where its account is not signed in (ADR 044): nothing happened, and the page
 * asks for that account's sign-in, which comes back here for the one press that uses the link.
 */
export function SignInToConfirm({ title, intro, wrongAccount, why, here, children }: SignInToConfirmProps) {
  return (
    <AuthCard title={title} intro={intro}>
      <div className="flex flex-col gap-4 text-slate-800">
        {wrongAccount ? (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
            {wrongAccount}
          </p>
        ) : null}
        <p>{why}</p>
        {wrongAccount ? null : (
          <ButtonLink href={withNext("/login", here)} className="w-full">
            Sign in to confirm
          </ButtonLink>
        )}
        <p className="text-sm text-slate-700">{children}</p>
      </div>
    </AuthCard>
  );
}
