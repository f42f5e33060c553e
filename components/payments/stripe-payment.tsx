"use client";

import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useState, type FormEvent } from "react";
import { NETWORK_ERROR_MESSAGE } from "@/components/ui/api-response";
import { buttonClasses } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import { focusStillOnDialogClose } from "@/components/ui/modal";
import { sendJson } from "@/components/ui/send-json";
import { SubmitButton } from "@/components/ui/submit-button";
import { declinedMessage } from "./declined";

type StripePaymentProps = {
  orderId: string;
  clientSecret: string;
  publishableKey: string;
  onPaid: () => void;
};

// loadStripe must run once per key, not on every render (https://docs.stripe.com/sdks/stripejs-react).
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/**
 * Stripe Elements: card data goes from the browser to Stripe, never to our server. This module is only
 * imported (dynamically) when the shop runs on Stripe, so the test-mode page never loads it.
 */
export default function StripePayment({ orderId, clientSecret, publishableKey, onPaid }: StripePaymentProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <StripePaymentForm orderId={orderId} onPaid={onPaid} />
    </Elements>
  );
}

function StripePaymentForm({ orderId, onPaid }: { orderId: string; onPaid: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    setFormError(null);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        // Only payment methods that must leave the page (a bank's own page) come back, to the order's
        // page: it confirms the payment with Stripe itself (?payment_intent=…), as the webhook would.
        confirmParams: { return_url: `${window.location.origin}/dashboard/orders/${encodeURIComponent(orderId)}` },
        redirect: "if_required",
      });
      if (error) {
        // A card Stripe's network refused ("card_error") gets the next step; other errors (a field
        // left empty, a lost connection) say what to fix themselves.
        const message = error.message ?? "The payment did not go through. Please try again.";
        setFormError(error.type === "card_error" ? declinedMessage(message) : message);
        return;
      }
      // The server retrieves the PaymentIntent from Stripe itself before marking the order paid.
      const result = await sendJson(
        `/api/orders/${encodeURIComponent(orderId)}/payment/confirm`,
        "POST",
        { paymentIntentId: paymentIntent.id },
        "The payment could not be confirmed. Please try again.",
      );
      if (result.ok) {
        onPaid();
        return;
      }
      setFormError(result.message);
    } catch {
      setFormError(NETWORK_ERROR_MESSAGE);
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" onSubmit={onSubmit} className="flex flex-col gap-4">
      {/* As the test form's card number: Stripe's form takes the focus on arrival if the reader has not moved it. */}
      <PaymentElement
        onReady={(element) => {
          if (focusStillOnDialogClose()) element.focus();
        }}
      />
      <FormStatus id="stripe-payment-status" message={formError} />
      <SubmitButton pending={pending} pendingLabel="Paying…" disabled={!stripe || !elements} className={buttonClasses("primary", "lg", "w-full")}>
        Payment
      </SubmitButton>
    </form>
  );
}
