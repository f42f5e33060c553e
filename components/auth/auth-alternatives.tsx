"use client";

import Link from "next/link";
import { OrDivider, textLinkClass } from "./auth-card";
import { GoogleButton } from "./google-button";

// Each form leads to the other one.
const otherForm = {
  login: { question: "New to ToolForge?", path: "/register", label: "Create an account" },
  register: { question: "Already have an account?", path: "/login", label: "Login" },
} as const;

type AuthAlternativesProps = {
  /** The form these alternatives sit under. */
  form: keyof typeof otherForm;
  next: string;
  googleEnabled: boolean;
  /** The email form is busy: Google sign-in waits. */
  pending: boolean;
  onGoogleError: (message: string) => void;
};

/** Below the login and register forms: Google sign-in when it is set up, and the other form, keeping `next`. */
export function AuthAlternatives({ form, next, googleEnabled, pending, onGoogleError }: AuthAlternativesProps) {
  const other = otherForm[form];
  return (
    <>
      {googleEnabled ? (
        <>
          <OrDivider />
          <GoogleButton next={next} disabled={pending} onError={onGoogleError} />
        </>
      ) : null}
      <p className="mt-6 text-center text-slate-700">
        {other.question}{" "}
        <Link href={next === "/" ? other.path : `${other.path}?next=${encodeURIComponent(next)}`} className={textLinkClass}>
          {other.label}
        </Link>
      </p>
    </>
  );
}
