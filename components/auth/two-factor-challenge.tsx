"use client";

import { useState, type FormEvent } from "react";
import { FormStatus } from "@/components/ui/form-status";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { useTypedEarly } from "@/components/ui/use-typed-early";
import { primaryButtonClass, textLinkClass } from "./auth-card";
import { postJson } from "./auth-request";
import { secondFactorMessage } from "./sign-in-messages";
import { useSignedIn } from "./use-signed-in";

type Mode = "app" | "backup";

const modes: Record<Mode, { path: string; label: string; hint: string; pattern: RegExp; invalid: string; switchLabel: string }> = {
  app: {
    path: "/api/auth/two-factor/verify-totp",
    label: "Code from your authenticator app",
    hint: "The 6-digit code your app shows for ToolForge now.",
    pattern: /^\d{6}$/,
    invalid: "Enter the 6 digits your app shows",
    switchLabel: "Use a backup code instead",
  },
  backup: {
    path: "/api/auth/two-factor/verify-backup-code",
    label: "Backup code",
    hint: "One of the 10 backup codes you saved when you set up two-factor authentication, like k7m2p-x9q4r. Each works once.",
    pattern: /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/,
    invalid: "Enter a backup code, like k7m2p-x9q4r",
    switchLabel: "Use a code from your app instead",
  },
};

/**
 * The second step of signing in for an account with two-factor authentication on: the first factor
 * (password, phone code or a provider) left a short-lived challenge cookie; a code from the app, or
 * one backup code, finishes the sign-in.
 */
export function TwoFactorChallenge({ next }: { next: string }) {
  const [mode, setMode] = useState<Mode>("app");
  const [code, setCode] = useState("");
  // The page after a provider's sign-in draws this form on the server: a code typed before the
  // scripts ran is the one Verify sends.
  const field = useTypedEarly("", setCode);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const signedIn = useSignedIn(next);
  const current = modes[mode];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    // A backup code may be typed with spaces (or copied with them); the server matches its case.
    const value = mode === "backup" ? code.replace(/\s+/g, "") : code.trim();
    if (!current.pattern.test(value)) {
      setFieldError(current.invalid);
      // The field's message is tied to it (aria-describedby): focusing it reads both.
      document.getElementById("two-factor-code")?.focus();
      return;
    }
    setFieldError(undefined);
    setPending(true);
    const backup = mode === "backup" && !value.includes("-") ? `${value.slice(0, 5)}-${value.slice(5)}` : value;
    const result = await postJson(current.path, { code: mode === "backup" ? backup : value });
    if (result.ok) {
      signedIn.finish("Signed in successfully");
      return;
    }
    setPending(false);
    setFormError(result.status === 0 ? result.message : secondFactorMessage(result.code, result.status));
  }

  function switchMode() {
    setMode(mode === "app" ? "backup" : "app");
    setCode("");
    setFieldError(undefined);
    setFormError(null);
  }

  const busy = pending || signedIn.done;
  return (
    <section aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="text-xl font-bold text-slate-900">
        Two-factor authentication
      </h2>
      <p className="mt-1 text-slate-700">One more step: prove it is you with your second factor.</p>
      <form method="post" onSubmit={submit} noValidate aria-describedby="two-factor-status" className="mt-5 flex flex-col gap-5">
        <FormStatus id="two-factor-status" message={formError} />
        <TextField
          ref={field}
          id="two-factor-code"
          label={current.label}
          hint={current.hint}
          error={fieldError}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          inputMode={mode === "app" ? "numeric" : "text"}
          autoFocus
        />
        <SubmitButton pending={busy} pendingLabel="Checking…" className={primaryButtonClass}>
          Verify
        </SubmitButton>
      </form>
      <p className="mt-4 text-center">
        <button type="button" onClick={switchMode} className={textLinkClass}>
          {current.switchLabel}
        </button>
      </p>
    </section>
  );
}
