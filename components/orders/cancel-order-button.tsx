"use client";

import { useState } from "react";
import toast from "react-hot-toast";
import { buttonClasses } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useApiAction } from "@/components/ui/use-api-action";

/**
 * Cancels an unpaid order after a confirmation that names the order and what happens: its units go back
 * on sale. Orders are never deleted; this replaces the seed's delete button.
 */
export function CancelOrderButton({ orderId, number, units, srLabel }: { orderId: string; number: string; units: number; srLabel: string }) {
  const { pending, run } = useApiAction();
  const [confirming, setConfirming] = useState(false);

  function decline() {
    setConfirming(false);
    toast("Not cancelled");
  }

  function cancel() {
    setConfirming(false);
    void run({
      url: `/api/orders/${encodeURIComponent(orderId)}/cancel`,
      method: "POST",
      failureMessage: "The order could not be cancelled. Please try again.",
      successMessage: "Order cancelled",
    });
  }

  return (
    <>
      <button
        type="button"
        onClick={() => !pending && setConfirming(true)}
        aria-disabled={pending || undefined}
        className={buttonClasses("secondary", "sm", "text-red-700 hover:bg-red-50 aria-disabled:opacity-60")}
      >
        {pending ? "Cancelling…" : "Cancel"}
        <span className="sr-only">{srLabel}</span>
      </button>
      <ConfirmDialog
        open={confirming}
        onConfirm={cancel}
        onCancel={decline}
        title={`Cancel order ${number}?`}
        message={`Its ${units} ${units === 1 ? "unit goes" : "units go"} back into stock and nothing is charged. The order stays in the list as cancelled.`}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        tone="danger"
      />
    </>
  );
}
