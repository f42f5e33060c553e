"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useEffect, useState } from "react";
import { textLinkClass } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import { errorMessage, NETWORK_ERROR_MESSAGE, readJson } from "@/components/ui/api-response";
import { Spinner } from "@/components/ui/spinner";
import { formatMoney } from "@/lib/money/format";
import type { PaymentStart } from "@/models/payments";
import { TestCardForm } from "./test-card-form";

// Stripe's SDKs load only when the shop runs on Stripe: the test-mode bundle never contains them.
const StripePayment = dynamic(() => import("./stripe-payment"), {
  ssr: false,
  loading: () => <Spinner label="Loading the secure card form…" />,
});

type StartState =
  | { status: "loading" }
  | { status: "failed"; message: string; alreadyPaid: boolean }
  | { status: "ready"; start: PaymentStart };

function isPaymentStart(body: unknown): body is PaymentStart {
  if (typeof body !== "object" || body === null) return false;
  const { provider, amountCents, currency } = body as Record<string, unknown>;
  return (provider === "test" || provider === "stripe") && typeof amountCents === "number" && typeof currency === "string";
}

/** The modal's content: starts (or resumes) the payment on the server, then shows the provider's form. */
export function PaymentPanel({ orderId, onPaid }: { orderId: string; onPaid: () => void }) {
  const [state, setState] = useState<StartState>({ status: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/orders/${encodeURIComponent(orderId)}/payment`, {
      method: "POST",
      credentials: "same-origin",
      signal: controller.signal,
    })
      .then(async (response) => {
        const body = await readJson(response);
        if (response.ok && isPaymentStart(body)) {
          setState({ status: "ready", start: body });
          return;
        }
        setState({
          status: "failed",
          message: errorMessage(body) ?? "The payment could not be started. Please try again.",
          alreadyPaid: response.status === 409,
        });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: "failed", message: NETWORK_ERROR_MESSAGE, alreadyPaid: false });
      });
    return () => controller.abort();
  }, [orderId]);

  if (state.status === "loading") return <Spinner label="Starting the payment…" className="py-6" />;
  if (state.status === "failed") {
    return (
      <>
        <FormStatus id="payment-start-status" message={state.message} />
        {state.alreadyPaid ? (
          <p className="mt-4">
            <Link href="/dashboard/myorders" className={textLinkClass}>
              Back to My Orders
            </Link>
          </p>
        ) : null}
      </>
    );
  }

  const { start } = state;
  const amountLabel = formatMoney(start.amountCents, start.currency);
  return (
    <>
      <p className="mb-4 text-slate-800">
        Amount: <span className="font-semibold text-slate-900">{amountLabel}</span>
      </p>
      {start.provider === "test" ? (
        <>
          <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <strong className="font-semibold">Test mode</strong> — no real card is charged. Use 4242 4242 4242 4242, any future expiry
            and any CVC.
          </p>
          <TestCardForm orderId={orderId} amountLabel={amountLabel} onPaid={onPaid} />
        </>
      ) : start.clientSecret && start.publishableKey ? (
        <StripePayment orderId={orderId} clientSecret={start.clientSecret} publishableKey={start.publishableKey} onPaid={onPaid} />
      ) : (
        <FormStatus id="payment-start-status" message="Card payments are not available right now. Please try again later." />
      )}
    </>
  );
}
