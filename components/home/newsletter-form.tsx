"use client";

import { useId, useState, type FormEvent } from "react";
import { errorMessage, NETWORK_ERROR_MESSAGE, readJson, successMessage } from "@/components/ui/api-response";
import { buttonClasses } from "@/components/ui/button";
import { notify } from "@/components/ui/notify";
import { SubmitButton } from "@/components/ui/submit-button";
import { useTypedEarly } from "@/components/ui/use-typed-early";
import { NEWSLETTER_CHECK_INBOX } from "@/models/newsletter-texts";

export function NewsletterForm() {
  const [email, setEmail] = useState("");
  // An address typed before the scripts ran is the one Subscribe sends.
  const field = useTypedEarly("", setEmail);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // An empty field needs no round trip (and no 422 in the console); the server judges everything else.
    if (email.trim() === "") {
      setError("Enter a valid email");
      return;
    }
    setPending(true);
    setError(null);
    try {
      const response = await fetch("/api/newsletter", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      });
      const body = await readJson(response);
      if (response.ok) {
        notify.success(successMessage(body) ?? NEWSLETTER_CHECK_INBOX);
        setEmail("");
      } else {
        setError(errorMessage(body) ?? "We couldn't add you to the list. Please try again.");
      }
    } catch {
      setError(NETWORK_ERROR_MESSAGE);
    } finally {
      setPending(false);
    }
  }

  return (
    // The server validates the address (one message for every client); the browser's bubble would pre-empt it.
    <form method="post" noValidate onSubmit={onSubmit} className="mx-auto mt-8 w-full max-w-xl">
      <div className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          Email address
        </label>
        <input
          ref={field}
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder="Your Email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className="min-h-12 w-full flex-1 rounded-md border border-slate-500 bg-white px-4 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-600"
        />
        <SubmitButton pending={pending} pendingLabel="Subscribing…" className={buttonClasses("primary", "lg", "sm:w-40")}>
          Subscribe
        </SubmitButton>
      </div>
      <p id={errorId} aria-live="polite" className="mt-2 min-h-6 text-sm font-medium text-red-300">
        {error}
      </p>
    </form>
  );
}
