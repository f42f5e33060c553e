"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState, type ChangeEvent } from "react";
import { useForm, type Path } from "react-hook-form";
import toast from "react-hot-toast";
import { useSWRConfig } from "swr";
import { z } from "zod";
import { Avatar } from "@/components/auth/avatar";
import { SESSION_KEY } from "@/components/layout/use-session";
import { errorFields, errorMessage, NETWORK_ERROR_MESSAGE, readJson } from "@/components/ui/api-response";
import { buttonClasses } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { useImagePreview } from "@/components/ui/use-image-preview";
import { nameSchema } from "@/models/accounts";
import { MAX_PHOTO_BYTES, PHOTO_TOO_LARGE } from "@/models/images";
import { fileInputClass } from "@/components/ui/file-input";

const SAVE_FAILED = "We couldn't save your name and photo. Try again.";

// The server checks the photo again (decodes it, re-encodes it); this only catches the obvious at once.
const identityFormSchema = z.object({
  name: nameSchema,
  photo: z
    .custom<FileList | undefined>()
    .refine((files) => !files?.[0] || files[0].type.startsWith("image/"), "Choose an image file")
    .refine((files) => !files?.[0] || files[0].size <= MAX_PHOTO_BYTES, PHOTO_TOO_LARGE),
});
type IdentityFormValues = z.input<typeof identityFormSchema>;
const FIELDS = ["name", "photo"] as const satisfies readonly Path<IdentityFormValues>[];

type Account = { name: string; imageUrl: string | null };

/**
 * Name and photo on /profile: the current photo (or a preview of the chosen file) beside a name field
 * and a photo picker. Saving sends both as multipart to PATCH /api/me/identity, where the photo is
 * re-encoded as at registration; the header's session (SWR) and the page are then read again.
 */
export function IdentitySection({ account }: { account: Account }) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [formError, setFormError] = useState<string | null>(null);
  const [preview, previewFile, previewFailed] = useImagePreview();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(identityFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { name: account.name, photo: undefined },
  });

  const onSubmit = handleSubmit(async ({ name, photo }) => {
    setFormError(null);
    const body = new FormData();
    body.set("name", name);
    const file = photo?.[0];
    if (file) body.set("photo", file, file.name);
    let response: Response;
    try {
      response = await fetch("/api/me/identity", { method: "PATCH", body, credentials: "same-origin", headers: { accept: "application/json" } });
    } catch {
      setFormError(NETWORK_ERROR_MESSAGE);
      return;
    }
    const parsed = await readJson(response);
    if (response.ok) {
      const saved = parsed as Account;
      toast.success("Profile updated");
      reset({ name: saved.name, photo: undefined });
      const picker = document.getElementById("identity-photo");
      if (picker instanceof HTMLInputElement) picker.value = "";
      previewFile(null);
      // The header's avatar menu reads the session through SWR; the page's own card is server-rendered.
      await mutate(SESSION_KEY);
      router.refresh();
      return;
    }
    const message = errorMessage(parsed) ?? SAVE_FAILED;
    const fields = errorFields(parsed);
    // A body over the limit is refused before it is read: the photo is what made it too large.
    if (response.status === 413) fields.photo ??= message;
    const invalid = FIELDS.filter((field) => fields[field]);
    invalid.forEach((field, index) => setError(field, { message: fields[field] }, { shouldFocus: index === 0 }));
    if (invalid.length === 0) setFormError(message);
  });

  const photoField = register("photo", {
    onChange: (event: ChangeEvent<HTMLInputElement>) => previewFile(event.target.files?.[0]),
  });
  const photoDescribedBy = errors.photo ? "identity-photo-error" : "identity-photo-hint";

  return (
    <section aria-labelledby="identity-title" className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="identity-title" className="text-xl font-bold text-slate-900">
        Name and photo
      </h2>
      <p className="mt-1 text-slate-700">Shown in the header and beside your reviews.</p>
      <form method="post" onSubmit={onSubmit} noValidate aria-describedby="identity-status" aria-busy={isSubmitting} className="mt-5">
        <FormStatus id="identity-status" message={formError} className="mb-4" />
        <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
          <div className="flex flex-col items-center gap-2 sm:w-32 sm:shrink-0" data-testid="identity-photo">
            {preview ? (
              // A local blob: URL of the chosen file; next/image cannot optimise it and need not.
              // eslint-disable-next-line @next/next/no-img-element
              <img
                src={preview}
                alt="Preview of your new photo"
                width={96}
                height={96}
                onError={previewFailed}
                className="size-24 rounded-full border border-slate-200 object-cover"
              />
            ) : (
              <Avatar src={account.imageUrl} name={account.name} size={96} />
            )}
            <p className="text-center text-sm text-slate-600">{preview ? "New photo (not saved yet)" : "Current photo"}</p>
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-5">
            <TextField id="identity-name" label="Name" autoComplete="name" required error={errors.name?.message} defaultValue={account.name} {...register("name")} />
            <div className="flex flex-col gap-1.5">
              <label htmlFor="identity-photo" className="text-sm font-semibold text-slate-900">
                New profile photo
              </label>
              <input
                id="identity-photo"
                type="file"
                accept="image/*"
                aria-invalid={errors.photo ? true : undefined}
                aria-describedby={photoDescribedBy}
                className={fileInputClass}
                {...photoField}
              />
              {errors.photo?.message ? (
                <p id="identity-photo-error" className="text-sm font-medium text-red-700">
                  {errors.photo.message}
                </p>
              ) : (
                <p id="identity-photo-hint" className="text-sm text-slate-600">
                  Optional: an image (JPEG, PNG, WebP, GIF or AVIF) of up to 5 MB. Leave it empty to keep your photo.
                </p>
              )}
            </div>
            <div>
              <SubmitButton pending={isSubmitting} pendingLabel="Saving…" className={buttonClasses("primary", "md", "min-w-28 uppercase tracking-wide")}>
                Save<span className="sr-only"> name and photo</span>
              </SubmitButton>
            </div>
          </div>
        </div>
      </form>
    </section>
  );
}
