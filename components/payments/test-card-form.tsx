"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { errorCode, errorDetail } from "@/components/ui/api-response";
import { buttonClasses } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import { focusStillOnDialogClose } from "@/components/ui/modal";
import { sendJson } from "@/components/ui/send-json";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import type { CardInput } from "@/models/payments";
import { cardFormSchema, type CardFormValues } from "./card-form-schema";
import { declinedMessage } from "./declined";

type TestCardFormProps = {
  orderId: string;
  /** The amount, formatted, for the 3-D Secure question. */
  amountLabel: string;
  onPaid: () => void;
};

type Authentication = { token: string; result: "approve" | "fail" };
const CARD_FIELDS = ["number", "expMonth", "expYear", "cvc"] as const;

/**
 * The test processor's card form. The card lives only in this component's memory (react-hook-form, and
 * state for the 3-D Secure resubmission): it is sent in a POST body, never logged or put in a URL, and
 * gone when the modal closes and unmounts the form.
 */
export function TestCardForm({ orderId, amountLabel, onPaid }: TestCardFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  // The 3-D Secure step resubmits the same card, so it is kept here until then; never anywhere else.
  const [challenge, setChallenge] = useState<{ token: string; card: CardInput } | null>(null);
  const [pending, setPending] = useState(false);
  const challengeTitleRef = useRef<HTMLHeadingElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<CardFormValues, unknown, CardInput>({
    resolver: zodResolver(cardFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { number: "", expMonth: "", expYear: "", cvc: "" },
  });

  // The dialog opened on its × while the payment started: the card number takes the focus on arrival.
  useEffect(() => {
    if (focusStillOnDialogClose()) setFocus("number");
  }, [setFocus]);

  const challenged = challenge !== null;
  const wasChallenged = useRef(false);
  // Focus follows the step: into the 3-D Secure panel, and back to the form's button when it ends.
  useEffect(() => {
    if (challenged) challengeTitleRef.current?.focus();
    else if (wasChallenged.current) submitRef.current?.focus();
    wasChallenged.current = challenged;
  }, [challenged]);

  async function confirm(card: CardInput, authentication?: Authentication) {
    setPending(true);
    setFormError(null);
    const result = await sendJson(
      `/api/orders/${encodeURIComponent(orderId)}/payment/confirm`,
      "POST",
      authentication ? { card, authentication } : { card },
      "The payment did not go through. Please try again.",
    );
    setPending(false);
    if (result.ok) {
      setChallenge(null);
      onPaid();
      return;
    }
    // Not sent at all: the customer stays on the step they were on.
    if (result.status === 0) {
      setFormError(result.message);
      return;
    }
    const token = errorDetail(result.body, "authenticationToken");
    if (result.status === 402 && errorCode(result.body) === "authentication_required" && token) {
      setChallenge({ token, card });
      return;
    }
    setChallenge(null);
    for (const [key, message] of Object.entries(result.fields)) {
      const field = CARD_FIELDS.find((name) => key === name || key.endsWith(`.${name}`));
      if (field) setError(field, { message });
    }
    // A refused card gets the next step; a failed or expired 3-D Secure step already says what to do.
    const refusedCard = errorCode(result.body) === "payment_declined" && !errorDetail(result.body, "declineCode")?.startsWith("authentication_");
    setFormError(refusedCard ? declinedMessage(result.message, errorDetail(result.body, "declineCode")) : result.message);
  }

  // A new try clears the last one's message, also when this one stops at the form's own checks.
  const onSubmit = handleSubmit(
    (card) => confirm(card),
    () => setFormError(null),
  );

  function authenticate(result: Authentication["result"]) {
    // A press while the last one is being answered does nothing (the buttons are only aria-disabled).
    if (challenge && !pending) void confirm(challenge.card, { token: challenge.token, result });
  }

  return (
    <>
      <form method="post" onSubmit={onSubmit} noValidate hidden={challenged} className="flex flex-col gap-4">
        <TextField
          id="card-number"
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          error={errors.number?.message}
          {...register("number")}
        />
        <div className="grid grid-cols-3 gap-3">
          <TextField
            id="card-exp-month"
            label="Expiry month"
            inputMode="numeric"
            autoComplete="cc-exp-month"
            placeholder="MM"
            maxLength={2}
            error={errors.expMonth?.message}
            {...register("expMonth")}
          />
          <TextField
            id="card-exp-year"
            label="Expiry year"
            inputMode="numeric"
            autoComplete="cc-exp-year"
            placeholder="YY"
            maxLength={4}
            error={errors.expYear?.message}
            {...register("expYear")}
          />
          <TextField
            id="card-cvc"
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            error={errors.cvc?.message}
            {...register("cvc")}
          />
        </div>
        <FormStatus id="payment-status" message={challenged ? null : formError} />
        <SubmitButton ref={submitRef} pending={pending} pendingLabel="Paying…" className={buttonClasses("primary", "lg", "w-full")}>
          Payment
        </SubmitButton>
      </form>

      {challenged ? (
        <section aria-labelledby="three-d-secure-title" className="rounded-lg border-2 border-slate-300 bg-slate-50 p-5">
          <h3 id="three-d-secure-title" ref={challengeTitleRef} tabIndex={-1} className="text-lg font-bold text-slate-900">
            Test 3-D Secure
          </h3>
          <p className="mt-2 text-slate-800">Your bank asks you to confirm this payment of {amountLabel}.</p>
          <p className="mt-1 text-sm text-slate-600">This is the test processor&apos;s stand-in for your bank&apos;s check.</p>
          {/* The form, and its status, are hidden during this step: a failure that keeps the step (no connection) is said here. */}
          <FormStatus id="three-d-secure-status" message={formError} className="mt-4" />
          {/* aria-disabled, not disabled: the pressed button keeps the focus while the answer is awaited. */}
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              type="button"
              aria-disabled={pending || undefined}
              onClick={() => authenticate("approve")}
              className={buttonClasses("primary", "md", "aria-disabled:cursor-progress aria-disabled:opacity-60")}
            >
              Approve
            </button>
            <button
              type="button"
              aria-disabled={pending || undefined}
              onClick={() => authenticate("fail")}
              className={buttonClasses("secondary", "md", "aria-disabled:cursor-progress aria-disabled:opacity-60")}
            >
              Fail
            </button>
          </div>
        </section>
      ) : null}
    </>
  );
}
