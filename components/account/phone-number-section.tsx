"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { postJson } from "@/components/auth/auth-request";
import { Button } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import { sendJson } from "@/components/ui/send-json";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { phoneCodeSchema, phoneNumberSchema } from "@/models/phone";
import { SignInAgainButton } from "./delete-account-buttons";
import { SecuritySection } from "./section";
import { useFocusFirstError } from "@/components/ui/use-focus-first-error";

const submitClass = "self-start rounded-md bg-brand px-5 py-2.5 font-semibold text-white";

/**
 * The number the account signs in with by text message: add it with a texted code, or remove it.
 * Adding one is a new way into the account: like a new email address, it needs a recent sign-in.
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
  useFocusFirstError(errors, { phoneNumber: "phone-number", code: "phone-code" });

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
    toast.success("Phone number added");
    setEditing(false);
    setSentTo(null);
    router.refresh();
  }

  async function remove() {
    setPending(true);
    const result = await sendJson("/api/me/phone", "DELETE", undefined, "The number could not be removed. Try again.");
    setPending(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    toast.success("Phone number removed");
    router.refresh();
  }

  const adding = editing || !phoneNumber;
  return (
    <SecuritySection id="phone" title="Sign-in phone number">
      <FormStatus id="phone-status" message={error} />
      {!adding ? (
        <div className="flex flex-col gap-3">
          <p className="text-slate-700">
            You can sign in with a code texted to <strong data-testid="account-phone">{phoneNumber}</strong>.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => setEditing(true)} disabled={pending}>
              Change number
            </Button>
            <Button variant="secondary" onClick={() => void remove()} disabled={pending}>
              Remove number
            </Button>
          </div>
        </div>
      ) : !recentSignIn ? (
        <div className="flex flex-col gap-3">
          <p className="text-slate-700">
            Add a mobile number to sign in with a code sent by text message. For your safety, adding one needs a recent sign-in.
          </p>
          <SignInAgainButton />
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
          <SubmitButton pending={pending} pendingLabel="Checking…" className={submitClass}>
            Add number
          </SubmitButton>
        </form>
      ) : (
        <form method="post" onSubmit={sendCode} noValidate aria-describedby="phone-status" className="flex flex-col gap-4">
          <p className="text-slate-700">Add a mobile number to sign in with a code sent by text message instead of your password.</p>
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
          <SubmitButton pending={pending} pendingLabel="Sending…" className={submitClass}>
            Text me a code
          </SubmitButton>
        </form>
      )}
    </SecuritySection>
  );
}
