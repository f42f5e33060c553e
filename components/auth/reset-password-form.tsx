"use client";

import { useRouter } from "next/navigation";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormStatus } from "@/components/ui/form-status";
import { sendJson } from "@/components/ui/send-json";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { passwordSchema } from "@/models/accounts";
import { primaryButtonClass } from "./auth-card";
import { useSignedIn } from "./use-signed-in";

const schema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((values) => values.password === values.confirm, { message: "The two passwords are not the same", path: ["confirm"] });

/** The reset link's form: a new password, typed twice. Success signs this browser in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [formError, setFormError] = useState<string | null>(null);
  const signedIn = useSignedIn("/account/security");
  const router = useRouter();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), mode: "onSubmit", reValidateMode: "onChange", defaultValues: { password: "", confirm: "" } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    const result = await sendJson("/api/account/password-reset/confirm", "POST", { token, password }, "We couldn't change your password. Try again.");
    if (result.ok && (result.body as { twoFactorRequired?: boolean } | null)?.twoFactorRequired) {
      // Two-factor authentication is on: the link was the first step, the code is the second.
      router.push(`/login?step=two-factor&next=${encodeURIComponent("/account/security")}`);
      return;
    }
    if (result.ok) {
      signedIn.finish("Password changed. Every other session was signed out.");
      return;
    }
    if (result.fields.password) setError("password", { message: result.fields.password }, { shouldFocus: true });
    else setFormError(result.message);
  });

  const pending = isSubmitting || signedIn.done;
  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-describedby="reset-status" className="flex flex-col gap-5">
      <FormStatus id="reset-status" message={formError} />
      <TextField id="reset-password" label="New password" type="password" autoComplete="new-password" hint="At least 8 characters" error={errors.password?.message} {...register("password")} />
      <TextField id="reset-confirm" label="New password again" type="password" autoComplete="new-password" error={errors.confirm?.message} {...register("confirm")} />
      <SubmitButton pending={pending} pendingLabel="Saving…" className={primaryButtonClass}>
        Save the new password
      </SubmitButton>
    </form>
  );
}
