"use client";

import { Suspense, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { FormStatus } from "@/components/ui/form-status";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { lazyZodResolver } from "@/components/ui/lazy-zod-resolver";
import { AuthAlternatives } from "./auth-alternatives";
import { primaryButtonClass } from "./auth-card";
import { EmailLinkRequest } from "./email-link-request";
import { ForgotPasswordLink } from "./forgot-password-link";
import { NETWORK_ERROR, readErrorMessage, TOO_MANY_ATTEMPTS } from "./error-body";
import { TwoFactorChallenge } from "./two-factor-challenge";
import { useSignedIn } from "./use-signed-in";

type LoginFormProps = {
  /** Where to go once signed in: a path on this site, already checked on the server. */
  next: string;
  /** A message to show at once, e.g. when a provider's sign-in came back with an error. */
  initialError?: string | null;
  /** More ways in (providers, phone code), shown between the form and the link to register. */
  alternatives?: ReactNode;
};

// The page's main form: zod comes with the first focus on it, not with the page (ADR 038).
const signIn = lazyZodResolver(() => import("@/models/accounts").then((m) => m.signInSchema));

function messageFor(status: number, serverMessage: string | null): string {
  if (status === 401) return "Wrong email or password.";
  // A locked address (429) or a disabled account (403) comes with its own plain message.
  if (serverMessage) return serverMessage;
  if (status === 429) return TOO_MANY_ATTEMPTS;
  return "Signing in failed. Try again.";
}

export function LoginForm({ next, initialError = null, alternatives }: LoginFormProps) {
  const [formError, setFormError] = useState<string | null>(initialError);
  const [secondFactor, setSecondFactor] = useState(false);
  const signedIn = useSignedIn(next);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: signIn.resolver,
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFormError(null);
    let response: Response;
    try {
      response = await fetch("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
    } catch {
      setFormError(NETWORK_ERROR);
      return;
    }
    if (response.ok) {
      // With two-factor on, the password only opens the second step.
      const body = (await response.json().catch(() => null)) as { twoFactorRedirect?: boolean } | null;
      if (body?.twoFactorRedirect) setSecondFactor(true);
      else signedIn.finish("Signed in successfully");
      return;
    }
    const { message } = await readErrorMessage(response, "");
    setFormError(messageFor(response.status, message || null));
  });

  const pending = isSubmitting || signedIn.done;
  // The address typed so far goes with the customer to the reset form and the sign-in link's form.
  const typedEmail = () => getValues("email");
  if (secondFactor) return <TwoFactorChallenge next={next} />;

  return (
    <>
      <form method="post" onSubmit={onSubmit} onFocus={signIn.preload} noValidate aria-describedby="login-status" className="flex flex-col gap-5">
        <FormStatus id="login-status" message={formError} />
        <TextField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register("email")}
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <ForgotPasswordLink typedEmail={typedEmail} />
        <SubmitButton pending={pending} pendingLabel="Signing in…" className={primaryButtonClass}>
          Login
        </SubmitButton>
      </form>
      {/* Boundaries around what never suspends: React hydrates each in a task of its own after the form (ADR 038). */}
      <Suspense>{alternatives}</Suspense>
      <Suspense>
        <EmailLinkRequest next={next} typedEmail={typedEmail} />
      </Suspense>
      <Suspense>
        <AuthAlternatives form="login" next={next} />
      </Suspense>
    </>
  );
}
