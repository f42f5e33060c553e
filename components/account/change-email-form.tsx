"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { buttonClasses } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import { sendJson } from "@/components/ui/send-json";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { emailChangeSchema } from "@/models/accounts";

/** "Change email address": the new address gets a link; nothing changes until it is opened. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
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

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    const result = await sendJson<{ message: string }>("/api/me/email", "POST", { email }, "We couldn't start the change. Try again.");
    if (result.ok) {
      setSent(result.body.message);
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
          {sent ? (
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
