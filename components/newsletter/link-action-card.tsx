"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { AuthCard, primaryButtonClass } from "@/components/auth/auth-card";
import { ButtonLink } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import { sendJson } from "@/components/ui/send-json";
import { SubmitButton } from "@/components/ui/submit-button";

type Texts = { title: string; intro: string; button: string; pendingButton: string; failed: string };

type LinkActionCardProps = {
  /** The POST that does what the link is for, sent `{ email, token }`. */
  endpoint: "/api/newsletter/confirm" | "/api/newsletter/unsubscribe";
  email: string;
  token: string;
  ask: Texts;
  done: { title: string; intro: string; message: string };
};

/**
 * Asks before a newsletter link acts (confirming a sign-up, unsubscribing): the link in a mail only
 * opens this card, and the press of its button is the POST (mail scanners open links; they do not
 * press buttons).
 */
export function LinkActionCard({ endpoint, email, token, ask, done: doneTexts }: LinkActionCardProps) {
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const statusId = useId();
  const doneRef = useRef<HTMLParagraphElement>(null);

  // The button is gone once it worked: the keyboard moves to the message that replaced it.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const result = await sendJson(endpoint, "POST", { email, token }, ask.failed);
    setPending(false);
    if (result.ok) setDone(true);
    else setError(result.message);
  }

  if (done) {
    return (
      <AuthCard title={doneTexts.title} intro={doneTexts.intro}>
        <p ref={doneRef} tabIndex={-1} role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 font-medium text-green-900 outline-none">
          {doneTexts.message}
        </p>
        <ButtonLink href="/" className="mt-5 w-full">
          Back to the shop
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={ask.title} intro={ask.intro}>
      <form method="post" onSubmit={onSubmit} aria-describedby={statusId} className="flex flex-col gap-4">
        <FormStatus id={statusId} message={error} />
        <SubmitButton pending={pending} pendingLabel={ask.pendingButton} className={primaryButtonClass}>
          {ask.button}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
