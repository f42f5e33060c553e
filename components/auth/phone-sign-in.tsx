"use client";

import { useState, type FormEvent } from "react";
import { FormStatus } from "@/components/ui/form-status";
import { SubmitButton } from "@/components/ui/submit-button";
import { loadOnce } from "@/components/ui/load-once";
import { TextField } from "@/components/ui/text-field";
import type * as PhoneModels from "@/models/phone";
import { primaryButtonClass, textLinkClass } from "./auth-card";
import { postJson } from "./auth-request";
import { NETWORK_ERROR } from "./error-body";
import { TwoFactorChallenge } from "./two-factor-challenge";
import { useSignedIn } from "./use-signed-in";
import { useFocusFirstError } from "@/components/ui/use-focus-first-error";

type Step = "number" | "code" | "second-factor";

// The number and code rules (models/phone) come with zod: loaded when the form opens, not with /login (ADR 038).
const phoneModels = loadOnce(() => import("@/models/phone"));
function loadPhoneModels(): Promise<typeof PhoneModels | null> {
  return phoneModels().catch(() => null);
}

/**
 * Sign-in with a code texted to the account's phone number (the seed's signInWithPhoneNumber): the
 * number, then the 6-digit code, then the second factor when the account has one.
 */
export function PhoneSignIn({ next }: { next: string }) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>("number");
  const [phoneNumber, setPhoneNumber] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ phoneNumber?: string; code?: string }>({});
  useFocusFirstError(errors, { phoneNumber: "phone-sign-in-number", code: "phone-sign-in-code" });
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const signedIn = useSignedIn(next);

  async function sendCode(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    setFormError(null);
    const models = await loadPhoneModels();
    if (!models) {
      setFormError(NETWORK_ERROR);
      return;
    }
    const parsed = models.phoneNumberSchema.safeParse(phoneNumber);
    if (!parsed.success) {
      setErrors({ phoneNumber: parsed.error.issues[0]?.message });
      return;
    }
    setErrors({});
    setPending(true);
    const result = await postJson("/api/sign-in/phone/code", { phoneNumber: parsed.data });
    setPending(false);
    if (!result.ok) {
      if (result.fields.phoneNumber) setErrors({ phoneNumber: result.fields.phoneNumber });
      else setFormError(result.message || "The code could not be sent. Try again.");
      return;
    }
    setPhoneNumber(parsed.data);
    setNotice((result.body as { message?: string } | null)?.message ?? "A code is on its way.");
    setCode("");
    setStep("code");
  }

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const models = await loadPhoneModels();
    if (!models) {
      setFormError(NETWORK_ERROR);
      return;
    }
    const parsed = models.phoneCodeSchema.safeParse(code);
    if (!parsed.success) {
      setErrors({ code: parsed.error.issues[0]?.message });
      return;
    }
    setErrors({});
    setPending(true);
    const result = await postJson("/api/sign-in/phone", { phoneNumber, code: parsed.data });
    if (result.ok) {
      if ((result.body as { twoFactorRequired?: boolean } | null)?.twoFactorRequired) {
        setPending(false);
        setStep("second-factor");
        return;
      }
      signedIn.finish("Signed in successfully");
      return;
    }
    setPending(false);
    if (result.fields.code) setErrors({ code: result.fields.code });
    else setFormError(result.message || "The code could not be checked. Try again.");
  }

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => {
          void loadPhoneModels();
          setOpen(true);
        }}
        className={`${primaryButtonClass} bg-slate-800 hover:bg-slate-900`}
      >
        Sign in with a code by text message
      </button>
    );
  }
  if (step === "second-factor") return <TwoFactorChallenge next={next} />;

  const busy = pending || signedIn.done;
  return (
    <section aria-labelledby="phone-sign-in-title" className="rounded-lg border border-slate-200 p-4">
      <h2 id="phone-sign-in-title" className="text-lg font-bold text-slate-900">
        Sign in with a text message
      </h2>
      {step === "number" ? (
        <form method="post" onSubmit={sendCode} noValidate aria-describedby="phone-sign-in-status" className="mt-4 flex flex-col gap-4">
          <FormStatus id="phone-sign-in-status" message={formError} />
          <TextField
            id="phone-sign-in-number"
            label="Phone number"
            type="tel"
            autoComplete="tel"
            hint="The number on your account, with + and the country code, e.g. +44 7700 900123."
            value={phoneNumber}
            onChange={(event) => setPhoneNumber(event.target.value)}
            error={errors.phoneNumber}
            autoFocus
          />
          <SubmitButton pending={busy} pendingLabel="Sending…" className={primaryButtonClass}>
            Text me a code
          </SubmitButton>
        </form>
      ) : (
        <form method="post" onSubmit={verify} noValidate aria-describedby="phone-sign-in-status" className="mt-4 flex flex-col gap-4">
          <p role="status" className="text-sm text-slate-700">
            {notice}
          </p>
          <FormStatus id="phone-sign-in-status" message={formError} />
          <TextField
            id="phone-sign-in-code"
            label="Code from the text message"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={errors.code}
            autoFocus
          />
          <SubmitButton pending={busy} pendingLabel="Signing in…" className={primaryButtonClass}>
            Sign in
          </SubmitButton>
          <p className="text-center text-sm">
            <button type="button" onClick={() => void sendCode()} disabled={busy} className={textLinkClass}>
              Send a new code
            </button>
          </p>
        </form>
      )}
    </section>
  );
}
