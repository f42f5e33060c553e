import { ConfirmActionButton } from "@/components/ui/confirm-action-button";
import { countOf } from "@/models/count";

/**
 * Cancels an unpaid order after a confirmation that names the order and what happens: its units go back
 * on sale. Orders are never deleted; this replaces the seed's delete button.
 */
export function CancelOrderButton({ orderId, number, units, srLabel }: { orderId: string; number: string; units: number; srLabel: string }) {
  return (
    <ConfirmActionButton
      url={`/api/orders/${encodeURIComponent(orderId)}/cancel`}
      method="POST"
      label="Cancel"
      pendingLabel="Cancelling…"
      srLabel={srLabel}
      successMessage="Order cancelled"
      failureMessage="The order could not be cancelled. Please try again."
      className="text-red-700 hover:bg-red-50"
      confirmTitle={`Cancel order ${number}?`}
      confirmMessage={`Its ${countOf(units, "unit goes", "units go")} back into stock and nothing is charged. The order stays in the list as cancelled.`}
      confirmLabel="Cancel order"
      cancelLabel="Keep order"
      declinedMessage="Not cancelled"
      // The order stays in its list, cancelled, without this button: focus goes to its number.
      focusAfter="row"
    />
  );
}
