"use client";

import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useState, type FormEvent } from "react";
import { FormStatus } from "@/components/auth/form-status";
import { Spinner } from "@/components/auth/spinner";
import { errorMessage, NETWORK_ERROR_MESSAGE, readJson } from "@/components/ui/api-response";
import { buttonClasses } from "@/components/ui/button";

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
        // Only payment methods that must leave the page come back here; the webhook marks those paid.
        confirmParams: { return_url: `${window.location.origin}/dashboard/myorders` },
        redirect: "if_required",
      });
      if (error) {
        setFormError(error.message ?? "The payment did not go through. Please try again.");
        return;
      }
      // The server retrieves the PaymentIntent from Stripe itself before marking the order paid.
      const response = await fetch(`/api/orders/${encodeURIComponent(orderId)}/payment/confirm`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ paymentIntentId: paymentIntent.id }),
      });
      if (response.ok) {
        onPaid();
        return;
      }
      setFormError(errorMessage(await readJson(response)) ?? "The payment could not be confirmed. Please try again.");
    } catch {
      setFormError(NETWORK_ERROR_MESSAGE);
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <PaymentElement />
      <FormStatus id="stripe-payment-status" message={formError} />
      <button type="submit" disabled={!stripe || !elements || pending} className={buttonClasses("primary", "lg", "w-full")}>
        {pending ? (
          <>
            <Spinner />
            Paying…
          </>
        ) : (
          "Payment"
        )}
      </button>
    </form>
  );
}
