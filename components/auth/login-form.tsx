"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { useSWRConfig } from "swr";
import { SESSION_KEY } from "@/components/layout/use-session";
import { signInSchema } from "@/models/accounts";
import { OrDivider, primaryButtonClass, textLinkClass } from "./auth-card";
import { NETWORK_ERROR, readErrorMessage, TOO_MANY_ATTEMPTS } from "./error-body";
import { FormStatus } from "./form-status";
import { GoogleButton } from "./google-button";
import { Spinner } from "./spinner";
import { TextField } from "./text-field";

type LoginFormProps = {
  /** Where to go once signed in: a path on this site, already checked on the server. */
  next: string;
  googleEnabled: boolean;
  /** A message to show at once, e.g. when Google sign-in came back with an error. */
  initialError?: string | null;
};

function messageFor(status: number, serverMessage: string): string {
  if (status === 401) return "Wrong email or password.";
  if (status === 429) return TOO_MANY_ATTEMPTS;
  return serverMessage;
}

export function LoginForm({ next, googleEnabled, initialError = null }: LoginFormProps) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [formError, setFormError] = useState<string | null>(initialError);
  const [signedIn, setSignedIn] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signInSchema),
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
      setSignedIn(true);
      toast.success("Signed in successfully");
      // The header reads the session in the browser (SWR); the server components re-render on refresh.
      void mutate(SESSION_KEY);
      router.replace(next);
      router.refresh();
      return;
    }
    const { message } = await readErrorMessage(response, "Signing in failed. Try again.");
    setFormError(messageFor(response.status, message));
  });

  const pending = isSubmitting || signedIn;

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-describedby="login-status" className="flex flex-col gap-5">
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
        <button type="submit" disabled={pending} className={primaryButtonClass}>
          {pending ? (
            <>
              <Spinner />
              Signing in…
            </>
          ) : (
            "Login"
          )}
        </button>
      </form>
      {googleEnabled ? (
        <>
          <OrDivider />
          <GoogleButton next={next} disabled={pending} onError={setFormError} />
        </>
      ) : null}
      <p className="mt-6 text-center text-slate-700">
        New to ToolForge?{" "}
        <Link href={next === "/" ? "/register" : `/register?next=${encodeURIComponent(next)}`} className={textLinkClass}>
          Create an account
        </Link>
      </p>
    </>
  );
}
