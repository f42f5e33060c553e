"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { errorDetail } from "@/components/ui/api-response";
import { buttonClasses } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import { sendJson } from "@/components/ui/send-json";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { emailChangeSchema } from "@/models/accounts";
import { SignInAgainButton } from "./delete-account-buttons";

type ChangeEmailFormProps = {
  currentEmail: string;
  /** Whether this session's sign-in is recent enough to change the address (the server decides again). */
  recentSignIn: boolean;
  recentMinutes: number;
};

/**
 * "Change email address": the new address gets a link; nothing changes until it is opened. It needs a
 * recent sign-in: a session older than that is offered "Sign in again" instead of a form it cannot send.
 */
export function ChangeEmailForm({ currentEmail, recentSignIn, recentMinutes }: ChangeEmailFormProps) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  // The page may have been open a while: a refusal for an old sign-in turns the form into the button.
  const [stale, setStale] = useState(!recentSignIn);
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const staleRef = useRef<HTMLParagraphElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(emailChangeSchema), mode: "onSubmit", reValidateMode: "onChange", defaultValues: { email: "" } });

  // The form it replaces had the focus: it moves to the message, so the keyboard stays in this panel.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);
  // Likewise when a refusal replaces the form (an already stale page only shows it once opened).
  useEffect(() => {
    if (stale) staleRef.current?.focus();
  }, [stale]);

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    const result = await sendJson<{ message: string }>("/api/me/email", "POST", { email }, "We couldn't start the change. Try again.");
    if (result.ok) {
      setSent(result.body.message);
      return;
    }
    if (errorDetail(result.body, "reason") === "recent_sign_in_required") {
      setStale(true);
      return;
    }
    if (result.fields.email) setError("email", { message: result.fields.email }, { shouldFocus: true });
    else setFormError(result.message);
  });

  return (
    <div className="mt-4">
      <button type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)} className={buttonClasses("secondary", "sm")}>
        Change email address
      </button>
      {open ? (
        <div id={panelId} className="mt-4">
          {stale ? (
            <div className="flex flex-col gap-3">
              <p ref={staleRef} tabIndex={-1} className="text-slate-700 outline-none">
                For your safety, changing your email address needs a sign-in from the last {recentMinutes} minutes.
              </p>
              <SignInAgainButton />
            </div>
          ) : sent ? (
            <p
              ref={sentRef}
              role="status"
              tabIndex={-1}
              className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm font-medium text-green-900 outline-none"
            >
              {sent}
            </p>
          ) : (
            <form method="post" onSubmit={onSubmit} noValidate aria-describedby="change-email-status" className="flex max-w-md flex-col gap-4">
              <FormStatus id="change-email-status" message={formError} />
              <TextField
                id="change-email"
                label="New email address"
                type="email"
                autoComplete="email"
                inputMode="email"
                hint={`Your account keeps ${currentEmail} until you open the link we send to the new address.`}
                error={errors.email?.message}
                {...register("email")}
              />
              <SubmitButton pending={isSubmitting} pendingLabel="Sending…" className={buttonClasses("primary", "md", "self-start")}>
                Send confirmation link
              </SubmitButton>
            </form>
          )}
        </div>
      ) : null}
    </div>
  );
}
