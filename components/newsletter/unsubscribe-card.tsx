"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { AuthCard, primaryButtonClass } from "@/components/auth/auth-card";
import { ButtonLink } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import { sendJson } from "@/components/ui/send-json";
import { SubmitButton } from "@/components/ui/submit-button";

/**
 * Asks before unsubscribing: the link in a mail only opens this card, and the press of its button is
 * the POST that unsubscribes (mail scanners open links; they do not press buttons).
 */
export function UnsubscribeCard({ email, token }: { email: string; token: string }) {
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
    const result = await sendJson("/api/newsletter/unsubscribe", "POST", { email, token }, "We could not unsubscribe you. Please try again.");
    setPending(false);
    if (result.ok) setDone(true);
    else setError(result.message);
  }

  if (done) {
    return (
      <AuthCard title="You are unsubscribed" intro={`${email} gets no more ToolForge newsletters.`}>
        <p ref={doneRef} tabIndex={-1} role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 font-medium text-green-900 outline-none">
          You are unsubscribed. Changed your mind? Subscribe again at the bottom of the home page.
        </p>
        <ButtonLink href="/" className="mt-5 w-full">
          Back to the shop
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Leave the newsletter" intro={`Unsubscribe ${email} from the ToolForge newsletter?`}>
      <form method="post" onSubmit={onSubmit} aria-describedby={statusId} className="flex flex-col gap-4">
        <FormStatus id={statusId} message={error} />
        <SubmitButton pending={pending} pendingLabel="Unsubscribing…" className={primaryButtonClass}>
          Unsubscribe
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
