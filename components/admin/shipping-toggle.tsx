"use client";

import { buttonClasses } from "@/components/ui/button";
import { useApiAction } from "@/components/ui/use-api-action";
import type { ShippingState } from "@/models/orders";

type ShippingToggleProps = {
  orderId: string;
  shipping: ShippingState;
  srLabel: string;
  /**
   * Once shipped, the order cannot go back to pending: its customer deleted their account, so no
   * address is left to ship to. A pending order can still be marked shipped.
   */
  cannotUnship?: boolean;
};

/** A paid order's shipping state (Pending or Shipped, the words of PRODUCT and My Orders), shown as a badge, and apart from it the button that changes it. */
export function ShippingToggle({ orderId, shipping, srLabel, cannotUnship = false }: ShippingToggleProps) {
  const { pending, run } = useApiAction();
  const shipped = shipping === "shipped";

  function toggle() {
    void run({
      url: `/api/orders/${encodeURIComponent(orderId)}/shipping`,
      method: "PATCH",
      body: { shipped: !shipped },
      failureMessage: "The shipping state could not be changed. Please try again.",
      // The "has shipped" mail waits two minutes (lib/mail's MAIL_HOLD_MS): a mistake put right before then mails nobody.
      successMessage: shipped ? "Order marked pending" : "Order marked shipped. The customer is mailed in 2 minutes: Mark as pending before then, and they are not.",
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-2" data-shipping={shipping}>
      <span
        className={`rounded-full px-2.5 py-1 text-sm font-semibold whitespace-nowrap ${
          shipped ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"
        }`}
      >
        {shipped ? "Shipped" : "Pending"}
      </span>
      {shipped && cannotUnship ? null : (
        <button
          type="button"
          onClick={toggle}
          aria-disabled={pending || undefined}
          className={buttonClasses(shipped ? "secondary" : "primary", "sm", "whitespace-nowrap aria-disabled:opacity-60")}
        >
          {pending ? "Saving…" : shipped ? "Mark as pending" : "Mark as shipped"}
          <span className="sr-only">{srLabel}</span>
        </button>
      )}
    </div>
  );
}
