"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { FormStatus } from "@/components/ui/form-status";
import { sendJson } from "@/components/ui/send-json";
import { SubmitButton } from "@/components/ui/submit-button";
import { primaryButtonClass } from "./auth-card";
import { useSignedIn } from "./use-signed-in";

/**
 * The email link's landing page asks for one press before using the link: mail scanners that open
 * links to check them would otherwise use it up before the person does.
 */
export function EmailLinkSignIn({ token, email, next }: { token: string; email: string; next: string }) {
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const signedIn = useSignedIn(next);
  const router = useRouter();

  async function signIn(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setPending(true);
    const result = await sendJson("/api/account/email-link/sign-in", "POST", { token }, "Signing in did not work this time. Please try again.");
    if (result.ok && (result.body as { twoFactorRequired?: boolean } | null)?.twoFactorRequired) {
      // Two-factor authentication is on: the link was the first step, the code is the second.
      router.push(`/login?step=two-factor&next=${encodeURIComponent(next)}`);
      return;
    }
    if (result.ok) {
      signedIn.finish("Signed in successfully");
      return;
    }
    setPending(false);
    setFormError(result.message);
  }

  return (
    <form method="post" onSubmit={signIn} aria-describedby="email-link-sign-in-status" className="flex flex-col gap-5">
      <FormStatus id="email-link-sign-in-status" message={formError} />
      <p className="text-slate-800">
        You are signing in as <strong className="[overflow-wrap:anywhere]">{email}</strong>.
      </p>
      <SubmitButton pending={pending || signedIn.done} pendingLabel="Signing in…" className={primaryButtonClass}>
        Sign in
      </SubmitButton>
    </form>
  );
}
