"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { buttonClasses } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import { notify } from "@/components/ui/notify";
import { sendJson } from "@/components/ui/send-json";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { passwordChangeSchema } from "@/models/accounts";

const FIELDS = ["currentPassword", "newPassword"] as const;

export function ChangePasswordForm() {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(passwordChangeSchema), mode: "onSubmit", reValidateMode: "onChange", defaultValues: { currentPassword: "", newPassword: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await sendJson<{ message: string }>("/api/me/password", "POST", values, "We couldn't change your password. Try again.");
    if (result.ok) {
      reset();
      notify.success(result.body.message);
      router.refresh();
      return;
    }
    const matched = FIELDS.filter((field) => result.fields[field]);
    matched.forEach((field, i) => setError(field, { message: result.fields[field] }, { shouldFocus: i === 0 }));
    if (matched.length === 0) setFormError(result.message);
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-describedby="change-password-status" className="flex max-w-md flex-col gap-4">
      <FormStatus id="change-password-status" message={formError} />
      <TextField id="current-password" label="Current password" type="password" autoComplete="current-password" error={errors.currentPassword?.message} {...register("currentPassword")} />
      <TextField id="new-password" label="New password" type="password" autoComplete="new-password" hint="At least 8 characters" error={errors.newPassword?.message} {...register("newPassword")} />
      <SubmitButton pending={isSubmitting} pendingLabel="Saving…" className={buttonClasses("primary", "md", "self-start")}>
        Change password
      </SubmitButton>
    </form>
  );
}
