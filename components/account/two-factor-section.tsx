"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import toast from "react-hot-toast";
import { postJson, type AuthResult } from "@/components/auth/auth-request";
import { secondFactorMessage } from "@/components/auth/sign-in-messages";
import { Button, deleteButtonTone } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormStatus } from "@/components/ui/form-status";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { BackupCodes } from "./backup-codes";
import { SignInAgainButton } from "./delete-account-buttons";
import { QrCode } from "./qr-code";
import { SecuritySection } from "./section";

type Setup = { totpURI: string; backupCodes: string[] };
type Failure = Extract<AuthResult, { ok: false }>;

// The refusals that are about the code typed, said at its field rather than for the whole section.
const WRONG_CODE = new Set(["INVALID_CODE", "TOTP_CODE_REUSED"]);

function failure(result: Failure): string {
  if (result.code === "INVALID_PASSWORD") return "That password is not right.";
  if (result.status === 0 || result.code === "RECENT_SIGN_IN_REQUIRED") return result.message;
  return secondFactorMessage(result.code, result.status);
}

/** The base32 key inside an otpauth:// URI, in groups of four for typing into an app by hand. */
function setupKey(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

function PasswordField({ id, value, onChange, error }: { id: string; value: string; onChange: (value: string) => void; error?: string | undefined }) {
  return (
    <TextField
      id={id}
      label="Your password"
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

/** An account without a password proves it is the person with a fresh sign-in instead (lib/accounts/auth-plugin.ts). */
function SignInFirst({ minutes }: { minutes: number }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">For your safety, changing two-factor authentication needs a sign-in from the last {minutes} minutes.</p>
      <SignInAgainButton />
    </div>
  );
}

type TwoFactorSectionProps = {
  enabled: boolean;
  /** The account has a password, which each change asks for. */
  needsPassword: boolean;
  /** Without a password, a change needs a sign-in from the last `recentMinutes` minutes: whether this one is. */
  recentSignIn: boolean;
  recentMinutes: number;
};

/**
 * Two-factor authentication with an authenticator app (TOTP): set up with a QR code and a first code,
 * 10 single-use backup codes, new codes, or off. better-auth's two-factor endpoints do the work.
 */
export function TwoFactorSection({ enabled, needsPassword, recentSignIn, recentMinutes }: TwoFactorSectionProps) {
  const signInFirst = !needsPassword && !recentSignIn;
  const router = useRouter();
  const [password, setPassword] = useState("");
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // An empty password is the field's own error, marked on it and read with it.
  const [passwordError, setPasswordError] = useState<string | undefined>();
  // Likewise a code that is not 6 digits, or that the server refuses.
  const [codeError, setCodeError] = useState<string | undefined>();
  const [pending, setPending] = useState<string | null>(null);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const passwordBody = needsPassword ? { password } : {};
  const updatePassword = (value: string) => {
    setPassword(value);
    setPasswordError(undefined);
  };

  /** An empty password would be refused as "not right": ask for it instead, at the field. */
  function passwordMissing(): boolean {
    if (!needsPassword || password !== "") return false;
    setPasswordError("Enter your password to confirm it is you");
    document.getElementById("two-factor-password")?.focus();
    return true;
  }

  /** The code's own error, at the field, which takes the focus for another try (as `passwordMissing`). */
  function codeWrong(message: string) {
    // Rendered before the focus moves, also after the server's answer: the field is read as invalid, with the message.
    flushSync(() => setCodeError(message));
    document.getElementById("two-factor-setup-code")?.focus();
  }

  /** A refusal goes to the section's alert, unless `atField` says it has shown it at a field. */
  async function run(action: string, path: string, body: unknown, atField?: (result: Failure) => boolean): Promise<AuthResult> {
    setError(null);
    setPending(action);
    const result = await postJson(path, body);
    setPending(null);
    if (!result.ok && !atField?.(result)) setError(failure(result));
    return result;
  }

  // Each step replaces the button that was pressed. The setup step's instructions take the focus; the
  // other steps hand it to the section's heading, which stays (as when two-factor is turned off).
  const setupIntro = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (setup) setupIntro.current?.focus();
  }, [setup]);
  const focusTitle = () => document.getElementById("two-factor-title")?.focus();

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (passwordMissing()) return;
    const result = await run("start", "/api/auth/two-factor/enable", passwordBody);
    if (result.ok) {
      setSetup(result.body as Setup);
      setPassword("");
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!/^\d{6}$/.test(code.trim())) {
      codeWrong("Enter the 6 digits your app shows");
      return;
    }
    setCodeError(undefined);
    const result = await run("confirm", "/api/auth/two-factor/verify-totp", { code: code.trim() }, (failed) => {
      if (!WRONG_CODE.has(failed.code)) return false;
      codeWrong(failure(failed));
      return true;
    });
    if (result.ok && setup) {
      setCodes(setup.backupCodes);
      setSetup(null);
      toast.success("Two-factor authentication is on");
      focusTitle();
    }
  }

  async function newCodes() {
    if (pending !== null || passwordMissing()) return;
    const result = await run("codes", "/api/auth/two-factor/generate-backup-codes", passwordBody);
    if (result.ok) {
      setCodes((result.body as { backupCodes: string[] }).backupCodes);
      setPassword("");
      focusTitle();
    }
  }

  /** The password is checked first: the dialog should not ask about a change that would be refused. */
  function askToTurnOff() {
    if (pending !== null || passwordMissing()) return;
    setConfirmingOff(true);
  }

  async function turnOff() {
    setConfirmingOff(false);
    const result = await run("off", "/api/auth/two-factor/disable", passwordBody);
    if (result.ok) {
      setPassword("");
      toast.success("Two-factor authentication is off");
      router.refresh();
      // The button that had focus is gone with two-factor: the section's heading takes it.
      focusTitle();
    }
  }

  function finish() {
    setCodes(null);
    router.refresh();
    focusTitle();
  }

  return (
    <SecuritySection id="two-factor" title="Two-factor authentication">
      <FormStatus id="two-factor-status" message={error} />
      {codes ? (
        <div className="flex flex-col gap-4">
          <BackupCodes codes={codes} />
          <Button onClick={finish} className="self-start">
            I have saved my backup codes
          </Button>
        </div>
      ) : setup ? (
        <form method="post" onSubmit={confirm} noValidate aria-describedby="two-factor-status" className="flex flex-col gap-4">
          <p ref={setupIntro} tabIndex={-1} className="text-slate-700 outline-none">
            Scan this QR code with an authenticator app (such as Google Authenticator, 1Password or Aegis), then enter the code it shows.
          </p>
          <QrCode value={setup.totpURI} label="QR code to add ToolForge to your authenticator app" />
          <p className="text-sm text-slate-700">
            Can&apos;t scan it? Enter this setup key in the app instead:{" "}
            <code data-testid="totp-setup-key" className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900">
              {setupKey(setup.totpURI)}
            </code>
          </p>
          <TextField
            id="two-factor-setup-code"
            label="Code from your app"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setCodeError(undefined);
            }}
            error={codeError}
          />
          <SubmitButton pending={pending === "confirm"} pendingLabel="Checking…" className="self-start rounded-md bg-brand px-5 py-2.5 font-semibold text-white">
            Turn on two-factor authentication
          </SubmitButton>
        </form>
      ) : enabled ? (
        <div className="flex flex-col gap-4">
          <p className="text-slate-700">
            <strong>On.</strong> Signing in asks for a code from your authenticator app, or one of your backup codes.
          </p>
          {signInFirst ? (
            <SignInFirst minutes={recentMinutes} />
          ) : (
            <>
              {needsPassword ? <PasswordField id="two-factor-password" value={password} onChange={updatePassword} error={passwordError} /> : null}
              <div className="flex flex-wrap gap-3">
                {/* aria-disabled, not disabled: a disabled button would drop the focus to the page while busy. */}
                <Button
                  variant="secondary"
                  onClick={() => void newCodes()}
                  aria-disabled={pending !== null || undefined}
                  className="aria-disabled:cursor-progress aria-disabled:opacity-60"
                >
                  {pending === "codes" ? "Making new codes…" : "New backup codes"}
                </Button>
                {/* aria-disabled, not disabled: focus comes back to this button when the dialog closes. */}
                <Button
                  variant="secondary"
                  onClick={askToTurnOff}
                  aria-disabled={pending !== null || undefined}
                  className={`${deleteButtonTone} aria-disabled:opacity-60`}
                >
                  {pending === "off" ? "Turning off…" : "Turn off two-factor authentication"}
                </Button>
              </div>
              <ConfirmDialog
                open={confirmingOff}
                onConfirm={() => void turnOff()}
                onCancel={() => {
                  setConfirmingOff(false);
                  toast("Two-factor authentication stays on");
                }}
                title="Turn off two-factor authentication?"
                message="Signing in will no longer ask for a code from your authenticator app or a backup code. You can turn it on again at any time."
                confirmLabel="Turn off two-factor authentication"
                cancelLabel="Keep two-factor on"
                tone="danger"
              />
            </>
          )}
        </div>
      ) : signInFirst ? (
        <div className="flex flex-col gap-4">
          <p className="text-slate-700">
            <strong>Off.</strong> Add a second step to signing in: a code from an authenticator app on your phone.
          </p>
          <SignInFirst minutes={recentMinutes} />
        </div>
      ) : (
        <form method="post" onSubmit={start} noValidate aria-describedby="two-factor-status" className="flex flex-col gap-4">
          <p className="text-slate-700">
            <strong>Off.</strong> Add a second step to signing in: a code from an authenticator app on your phone.
          </p>
          {needsPassword ? <PasswordField id="two-factor-password" value={password} onChange={updatePassword} error={passwordError} /> : null}
          <SubmitButton pending={pending === "start"} pendingLabel="Starting…" className="self-start rounded-md bg-brand px-5 py-2.5 font-semibold text-white">
            Set up two-factor authentication
          </SubmitButton>
        </form>
      )}
    </SecuritySection>
  );
}
