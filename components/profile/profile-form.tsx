"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useId, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { buttonClasses } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import { sendJson } from "@/components/ui/send-json";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { useLeaveGuard } from "@/components/ui/use-leave-guard";
import { profileSchema, type ProfileInput, type ProfileView } from "@/models/profile";

const FIELDS = ["education", "address", "phone", "birthday"] as const;
const SAVE_FAILED = "We couldn't save your profile. Try again.";

function toValues(profile: ProfileView): ProfileInput {
  return {
    education: profile.education ?? "",
    address: profile.address ?? "",
    phone: profile.phone ?? "",
    birthday: profile.birthday ?? "",
  };
}

type ProfileEditorProps = {
  profile: ProfileView;
  /** yyyy-mm-dd: the latest date of birth the server accepts (yesterday). */
  maxBirthday: string;
  /** The heading and the details list the form edits; the Edit profile button sits beside them. */
  title: ReactNode;
  children: ReactNode;
};

/**
 * The profile details with an Edit profile disclosure: the button shows and hides the form below the
 * details (aria-expanded / aria-controls). All four fields are required, checked with the server's
 * own schema; the saved values come back from the server with router.refresh().
 */
export function ProfileEditor({ profile, maxBirthday, title, children }: ProfileEditorProps) {
  const router = useRouter();
  const formId = useId();
  const toggleId = useId();
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(profileSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: toValues(profile),
  });

  // Edits typed in the open form are asked about before a link leaves the page.
  const leaveDialog = useLeaveGuard({ dirty: open && isDirty, message: "Your changes to your profile are not saved." });

  function toggle() {
    // Opening starts from what the server has now; closing drops unsaved edits.
    reset(toValues(profile));
    setFormError(null);
    setOpen((wasOpen) => !wasOpen);
  }

  // Focus goes back to Edit profile when the form closes, so keyboard users are not dropped on <body>.
  function focusToggle() {
    document.getElementById(toggleId)?.focus();
  }

  function close() {
    setOpen(false);
    reset(toValues(profile));
    focusToggle();
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await sendJson<ProfileView>("/api/me/profile", "PATCH", values, SAVE_FAILED);
    if (result.ok) {
      toast.success("Profile updated");
      reset(toValues(result.body));
      setOpen(false);
      focusToggle();
      router.refresh();
      return;
    }
    if (result.status === 0) {
      setFormError(result.message);
      return;
    }
    const { message, fields } = result;
    const invalid = FIELDS.filter((name) => fields[name]);
    invalid.forEach((name, index) => setError(name, { message: fields[name] }, { shouldFocus: index === 0 }));
    if (invalid.length === 0) {
      setFormError(message);
      toast.error(message);
    }
  });

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {title}
        <button
          id={toggleId}
          type="button"
          aria-expanded={open}
          aria-controls={formId}
          onClick={toggle}
          className={buttonClasses("secondary", "md")}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
            <path strokeLinecap="round" strokeLinejoin="round" d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />
          </svg>
          Edit profile
        </button>
      </div>
      {children}
      <form method="post"
        id={formId}
        hidden={!open}
        onSubmit={onSubmit}
        noValidate
        aria-label="Edit profile"
        aria-describedby="profile-status"
        className="mt-6 border-t border-slate-200 pt-6"
      >
        <div className="flex flex-col gap-5">
          <p className="text-sm text-slate-600">All fields are required.</p>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              id="profile-education"
              label="Education"
              autoComplete="off"
              placeholder="e.g. City & Guilds Carpentry"
              required
              error={errors.education?.message}
              {...register("education")}
            />
            <TextField
              id="profile-phone"
              label="Phone Number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+1 555 010 0199"
              required
              error={errors.phone?.message}
              {...register("phone")}
            />
            <div className="sm:col-span-2">
              <TextField
                id="profile-address"
                label="Address"
                autoComplete="street-address"
                placeholder="Street, town, postcode, country"
                required
                error={errors.address?.message}
                {...register("address")}
              />
            </div>
            <TextField
              id="profile-birthday"
              label="Date of Birth"
              type="date"
              min="1900-01-01"
              max={maxBirthday}
              autoComplete="bday"
              required
              error={errors.birthday?.message}
              {...register("birthday")}
            />
          </div>
          <FormStatus id="profile-status" message={formError} />
          <div className="-mt-3 flex flex-wrap gap-3">
            <SubmitButton
              pending={isSubmitting}
              pendingLabel="Saving…"
              className={buttonClasses("primary", "md", "min-w-28 uppercase tracking-wide")}
            >
              Save
            </SubmitButton>
            <button type="button" onClick={close} className={buttonClasses("secondary", "md")}>
              Cancel
            </button>
          </div>
        </div>
      </form>
      {leaveDialog}
    </>
  );
}
