"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type ChangeEvent } from "react";
import { useForm, type Path } from "react-hook-form";
import { z } from "zod";
import { FormStatus } from "@/components/ui/form-status";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { useImagePreview } from "@/components/ui/use-image-preview";
import { PHOTO_REQUIRED, registerFieldsSchema } from "@/models/accounts";
import { MAX_PHOTO_BYTES, PHOTO_TOO_LARGE } from "@/models/images";
import { AuthAlternatives } from "./auth-alternatives";
import { OrDivider, primaryButtonClass } from "./auth-card";
import { NETWORK_ERROR, readErrorMessage, TOO_MANY_ATTEMPTS } from "./error-body";
import { ProviderButtons, type ProviderOption } from "./provider-buttons";
import { useSignedIn } from "./use-signed-in";
import { fileInputClass } from "@/components/ui/file-input";

// The server checks the photo again (type, size, decodability); this only catches the obvious at once.
const registerFormSchema = registerFieldsSchema.extend({
  photo: z
    .custom<FileList | undefined>()
    .refine((files) => files !== undefined && files.length > 0, PHOTO_REQUIRED)
    .refine((files) => !files?.[0] || files[0].type.startsWith("image/"), "Choose an image file")
    .refine((files) => !files?.[0] || files[0].size <= MAX_PHOTO_BYTES, PHOTO_TOO_LARGE),
});

type RegisterFormValues = z.input<typeof registerFormSchema>;
const fieldNames = ["name", "email", "password", "photo"] as const satisfies readonly Path<RegisterFormValues>[];

/** `providers`: the sign-in providers this shop has configured; the first sign-in through one makes the account. */
type RegisterFormProps = { next: string; providers: ProviderOption[] };

export function RegisterForm({ next, providers }: RegisterFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const created = useSignedIn(next);
  const [preview, previewFile, previewFailed] = useImagePreview();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(registerFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { name: "", email: "", password: "", photo: undefined },
  });

  const showPreview = (event: ChangeEvent<HTMLInputElement>) => previewFile(event.target.files?.[0]);

  const onSubmit = handleSubmit(async ({ name, email, password, photo }) => {
    setFormError(null);
    const file = photo?.[0];
    if (!file) {
      setError("photo", { message: PHOTO_REQUIRED }, { shouldFocus: true });
      return;
    }
    const body = new FormData();
    body.set("name", name);
    body.set("email", email);
    body.set("password", password);
    body.set("photo", file, file.name);
    let response: Response;
    try {
      response = await fetch("/api/register", { method: "POST", body });
    } catch {
      setFormError(NETWORK_ERROR);
      return;
    }
    if (response.status === 201) {
      created.finish("Account created");
      return;
    }
    if (response.status === 429) {
      // The shop's 429 says when to come back (lib/rate-limit); the constant is for an answer without one.
      setFormError((await readErrorMessage(response, TOO_MANY_ATTEMPTS)).message);
      return;
    }
    const { message, fields } = await readErrorMessage(response, "Your account could not be created. Try again.");
    if (response.status === 413) fields.photo ??= message;
    const matched = fieldNames.filter((field) => fields[field]);
    matched.forEach((field, index) => setError(field, { message: fields[field] }, { shouldFocus: index === 0 }));
    if (matched.length === 0) setFormError(message);
  });

  const pending = isSubmitting || created.done;
  // Registered in the order they appear: after a refused submit, react-hook-form focuses the first
  // registered field with an error, which must be the first one on the page.
  const nameField = register("name");
  const emailField = register("email");
  const passwordField = register("password");
  const photoField = register("photo", { onChange: showPreview });
  const photoDescribedBy = ["register-photo-hint", errors.photo ? "register-photo-error" : null].filter(Boolean).join(" ");

  return (
    <>
      <form method="post"
        onSubmit={onSubmit}
        noValidate
        aria-describedby="register-status"
        aria-busy={pending}
        className="flex flex-col gap-5"
      >
        <FormStatus id="register-status" message={formError} />
        <TextField id="register-name" label="Name" autoComplete="name" error={errors.name?.message} {...nameField} />
        <TextField
          id="register-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...emailField}
        />
        <TextField
          id="register-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters"
          error={errors.password?.message}
          {...passwordField}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="register-photo" className="text-sm font-semibold text-slate-900">
            Profile photo
          </label>
          <div className="flex items-center gap-4">
            <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full border border-slate-300 bg-slate-100">
              {preview ? (
                // A local blob: URL of the chosen file; next/image cannot optimise it and need not.
                // eslint-disable-next-line @next/next/no-img-element
                <img
                  src={preview}
                  alt="Preview of your profile photo"
                  onError={previewFailed}
                  className="size-full object-cover"
                />
              ) : (
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-8 text-slate-500" fill="currentColor">
                  <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z" />
                </svg>
              )}
            </div>
            <input
              id="register-photo"
              type="file"
              accept="image/*"
              aria-invalid={errors.photo ? true : undefined}
              aria-describedby={photoDescribedBy}
              className={fileInputClass}
              {...photoField}
            />
          </div>
          <p id="register-photo-hint" className="text-sm text-slate-600">
            Required: an image of you (JPEG, PNG, WebP, GIF or AVIF) of up to 5 MB, shown beside your reviews.
          </p>
          {errors.photo?.message ? (
            <p id="register-photo-error" className="text-sm font-medium text-red-700">
              {errors.photo.message}
            </p>
          ) : null}
        </div>
        <SubmitButton pending={pending} pendingLabel="Creating your account…" className={primaryButtonClass}>
          Register
        </SubmitButton>
        <p role="status" className="sr-only">
          {pending ? "Creating your account…" : ""}
        </p>
      </form>
      {providers.length > 0 ? (
        <>
          <OrDivider />
          <ProviderButtons providers={providers} next={next} onError={setFormError} />
        </>
      ) : null}
      <AuthAlternatives form="register" next={next} />
    </>
  );
}
