"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { postJson } from "@/components/auth/auth-request";
import { Button, deleteButtonTone } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormStatus } from "@/components/ui/form-status";
import { sendJson } from "@/components/ui/send-json";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { phoneCodeSchema, phoneNumberSchema } from "@/models/phone";
import { SignInAgainButton } from "./delete-account-buttons";
import { SecuritySection } from "./section";
import { useFocusFirstError } from "@/components/ui/use-focus-first-error";

const submitClass = "self-start rounded-md bg-brand px-5 py-2.5 font-semibold text-white";

/** The number on the account, said the same way whether it is shown alone or beside a change. */
function CurrentNumber({ phoneNumber }: { phoneNumber: string }) {
  return (
    <p className="text-slate-700">
      You can sign in with a code texted to <strong data-testid="account-phone">{phoneNumber}</strong>.
    </p>
  );
}

/**
 * The number the account signs in with by text message: add or change it with a texted code, or remove
 * it. Adding one is a new way into the account: like a new email address, it needs a recent sign-in.
 */
export function PhoneNumberSection({ phoneNumber, recentSignIn }: { phoneNumber: string | null; recentSignIn: boolean }) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [number, setNumber] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ phoneNumber?: string; code?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Set by Cancel and a saved change: the Change number button is back only after the render that leaves editing.
  const focusChangeButton = useRef(false);
  useFocusFirstError(errors, { phoneNumber: "phone-number", code: "phone-code" });

  // The button pressed is gone either way: focus moves to where the person goes on from.
  useEffect(() => {
    if (editing) {
      (document.getElementById("phone-number") ?? cancelRef.current)?.focus();
      return;
    }
    if (!focusChangeButton.current) return;
    focusChangeButton.current = false;
    changeButton.current?.focus();
  }, [editing]);

  function resetForm() {
    setNumber("");
    setSentTo(null);
    setCode("");
    setErrors({});
    setError(null);
  }

  /** Back to the number the account has, with nothing of the abandoned change left over. */
  function cancelChange() {
    resetForm();
    setEditing(false);
    focusChangeButton.current = true;
  }

  async function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const parsed = phoneNumberSchema.safeParse(number);
    if (!parsed.success) {
      setErrors({ phoneNumber: parsed.error.issues[0]?.message });
      return;
    }
    setErrors({});
    setPending(true);
    const result = await postJson("/api/me/phone/code", { phoneNumber: parsed.data });
    setPending(false);
    if (!result.ok) {
      if (result.fields.phoneNumber) setErrors({ phoneNumber: result.fields.phoneNumber });
      else setError(result.message || "The code could not be sent. Try again.");
      return;
    }
    setSentTo(parsed.data);
    setCode("");
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const parsed = phoneCodeSchema.safeParse(code);
    if (!parsed.success || !sentTo) {
      setErrors({ code: parsed.error?.issues[0]?.message });
      return;
    }
    setErrors({});
    setPending(true);
    const result = await postJson("/api/me/phone", { phoneNumber: sentTo, code: parsed.data });
    setPending(false);
    if (!result.ok) {
      if (result.fields.code) setErrors({ code: result.fields.code });
      else setError(result.message || "The number could not be added. Try again.");
      return;
    }
    toast.success(editing ? "Phone number changed" : "Phone number added");
    focusChangeButton.current = editing;
    setEditing(false);
    resetForm();
    router.refresh();
    // A first number: the refresh takes the form away with the focused button, and the section's heading takes the focus.
    if (!editing) document.getElementById("phone-title")?.focus();
  }

  async function remove() {
    setConfirmingRemove(false);
    setError(null);
    setPending(true);
    const result = await sendJson("/api/me/phone", "DELETE", undefined, "The number could not be removed. Try again.");
    setPending(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    toast.success("Phone number removed");
    router.refresh();
    // The button that had focus is gone with the number: the section's heading takes it.
    document.getElementById("phone-title")?.focus();
  }

  const adding = editing || !phoneNumber;
  // Only a number already on the account can be gone back to.
  const cancelButton =
    editing && phoneNumber ? (
      <Button ref={cancelRef} variant="secondary" onClick={cancelChange} disabled={pending}>
        Cancel
      </Button>
    ) : null;
  return (
    <SecuritySection id="phone" title="Sign-in phone number">
      <FormStatus id="phone-status" message={error} />
      {!adding ? (
        <div className="flex flex-col gap-3">
          <CurrentNumber phoneNumber={phoneNumber} />
          <div className="flex flex-wrap gap-3">
            <Button ref={changeButton} variant="secondary" onClick={() => setEditing(true)} disabled={pending}>
              Change number
            </Button>
            {/* aria-disabled, not disabled: focus comes back to this button when the dialog closes. */}
            <Button
              variant="secondary"
              onClick={() => !pending && setConfirmingRemove(true)}
              aria-disabled={pending || undefined}
              className={`${deleteButtonTone} aria-disabled:opacity-60`}
            >
              {pending ? "Removing…" : "Remove number"}
            </Button>
          </div>
        </div>
      ) : !recentSignIn ? (
        <div className="flex flex-col gap-3">
          {phoneNumber ? (
            <>
              <CurrentNumber phoneNumber={phoneNumber} />
              <p className="text-slate-700">For your safety, changing your mobile number needs a recent sign-in.</p>
            </>
          ) : (
            <p className="text-slate-700">
              Add a mobile number to sign in with a code sent by text message. For your safety, adding one needs a recent sign-in.
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <SignInAgainButton />
            {cancelButton}
          </div>
        </div>
      ) : sentTo ? (
        <form method="post" onSubmit={confirm} noValidate aria-describedby="phone-status" className="flex flex-col gap-4">
          <p role="status" className="text-slate-700">
            We texted a 6-digit code to {sentTo}. It is valid for 5 minutes.
          </p>
          <TextField
            id="phone-code"
            label="Code from the text message"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={errors.code}
          />
          <div className="flex flex-wrap gap-3">
            <SubmitButton pending={pending} pendingLabel="Checking…" className={submitClass}>
              {phoneNumber ? "Save new number" : "Add number"}
            </SubmitButton>
            {cancelButton}
          </div>
        </form>
      ) : (
        <form method="post" onSubmit={sendCode} noValidate aria-describedby="phone-status" className="flex flex-col gap-4">
          {phoneNumber ? (
            <p className="text-slate-700">
              Change your mobile number: we text a code to the new one. Until you enter it, you keep signing in with {phoneNumber}.
            </p>
          ) : (
            <p className="text-slate-700">Add a mobile number to sign in with a code sent by text message instead of your password.</p>
          )}
          <TextField
            id="phone-number"
            label="Mobile number"
            type="tel"
            autoComplete="tel"
            hint="With + and the country code, e.g. +44 7700 900123."
            value={number}
            onChange={(event) => setNumber(event.target.value)}
            error={errors.phoneNumber}
          />
          <div className="flex flex-wrap gap-3">
            <SubmitButton pending={pending} pendingLabel="Sending…" className={submitClass}>
              Text me a code
            </SubmitButton>
            {cancelButton}
          </div>
        </form>
      )}
      {phoneNumber ? (
        <ConfirmDialog
          open={confirmingRemove}
          onConfirm={() => void remove()}
          onCancel={() => {
            setConfirmingRemove(false);
            toast("Number kept");
          }}
          title="Remove your sign-in number?"
          message={`Codes texted to ${phoneNumber} will no longer sign you in. You can add a number again at any time.`}
          confirmLabel="Remove number"
          cancelLabel="Keep number"
          tone="danger"
        />
      ) : null}
    </SecuritySection>
  );
}
