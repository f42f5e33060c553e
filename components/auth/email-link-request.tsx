"use client";

import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { buttonClasses } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import { sendJson } from "@/components/ui/send-json";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { lazyZodResolver } from "@/components/ui/lazy-zod-resolver";

// Loaded when the panel opens (ADR 038): zod is not part of the login page's first load.
const emailOnly = lazyZodResolver(() => import("@/models/accounts").then((m) => m.emailRequestSchema.pick({ email: true })));

/**
 * On /login: "Email me a sign-in link" opens a one-field form. The answer is the same whatever the
 * address, so the message only says where to look.
 */
type EmailLinkRequestProps = {
  next: string;
  /** The address in the sign-in form above, offered when the panel opens. */
  typedEmail?: () => string;
};

export function EmailLinkRequest({ next, typedEmail }: EmailLinkRequestProps) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: emailOnly.resolver,
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { email: "" },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    const result = await sendJson<{ message: string }>("/api/account/email-link", "POST", { email, next }, "We couldn't send the link. Try again.");
    if (result.ok) setSent(result.body.message);
    else setFormError(result.message);
  });

  return (
    <div className="mt-4">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          emailOnly.preload();
          // Opening offers the address typed above, unless this panel already holds one.
          const typed = typedEmail?.().trim() ?? "";
          if (!open && typed && !getValues("email")) setValue("email", typed);
          setOpen(!open);
        }}
        className={buttonClasses("secondary", "md", "w-full")}
      >
        Email me a sign-in link
      </button>
      {/* Rendered only when open: the login page keeps one field labelled "Email" until then. */}
      {open ? (
        <div id={panelId} className="mt-4">
          {sent ? (
            // The form it replaces had the focus: it moves here, so the keyboard stays in this panel.
            <p
              role="status"
              tabIndex={-1}
              ref={(message) => message?.focus()}
              className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm font-medium text-green-900"
            >
              {sent}
            </p>
          ) : (
            <form method="post" onSubmit={onSubmit} noValidate aria-describedby="email-link-status" className="flex flex-col gap-4">
              <FormStatus id="email-link-status" message={formError} />
              <TextField
                id="email-link-email"
                label="Email for the sign-in link"
                type="email"
                autoComplete="email"
                inputMode="email"
                error={errors.email?.message}
                {...register("email")}
              />
              <SubmitButton pending={isSubmitting} pendingLabel="Sending…" className={buttonClasses("primary", "md", "w-full")}>
                Send the link
              </SubmitButton>
            </form>
          )}
        </div>
      ) : null}
    </div>
  );
}
