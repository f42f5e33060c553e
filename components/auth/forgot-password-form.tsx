"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { FormStatus } from "@/components/ui/form-status";
import { sendJson } from "@/components/ui/send-json";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { emailRequestSchema } from "@/models/accounts";
import { primaryButtonClass, textLinkClass } from "./auth-card";
import { takeResetEmail } from "./forgot-password-link";

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(emailRequestSchema.pick({ email: true })),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { email: "" },
  });

  // Come from /login's "Forgot password?": the address typed there, unless one was typed here already.
  useEffect(() => {
    const email = takeResetEmail();
    if (email && !getValues("email")) setValue("email", email);
  }, [getValues, setValue]);

  // Each swap takes away what had the focus: it moves to the message, and back to the field for another address.
  const sentRef = useRef<HTMLParagraphElement>(null);
  const retrying = useRef(false);
  useEffect(() => {
    if (sent) sentRef.current?.focus();
    else if (retrying.current) setFocus("email");
    retrying.current = false;
  }, [sent, setFocus]);

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    const result = await sendJson<{ message: string }>("/api/account/password-reset", "POST", { email }, "We couldn't send the link. Try again.");
    if (result.ok) setSent(result.body.message);
    else setFormError(result.message);
  });

  if (sent) {
    return (
      <div className="flex flex-col gap-4">
        <p ref={sentRef} role="status" tabIndex={-1} className="rounded-md border border-green-300 bg-green-50 px-3 py-2 font-medium text-green-900 outline-none">
          {sent}
        </p>
        <p className="text-slate-700">
          Nothing arrived? Check your spam folder, or{" "}
          <button
            type="button"
            className={textLinkClass}
            onClick={() => {
              retrying.current = true;
              setSent(null);
            }}
          >
            try another address
          </button>
          .
        </p>
      </div>
    );
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-describedby="forgot-status" className="flex flex-col gap-5">
      <FormStatus id="forgot-status" message={formError} />
      <TextField id="forgot-email" label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register("email")} />
      <SubmitButton pending={isSubmitting} pendingLabel="Sending…" className={primaryButtonClass}>
        Email me a reset link
      </SubmitButton>
      <p className="text-center text-slate-700">
        Remembered it?{" "}
        <Link href="/login" className={textLinkClass}>
          Back to login
        </Link>
      </p>
    </form>
  );
}
