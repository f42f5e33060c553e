"use client";

import { buttonClasses } from "@/components/ui/button";
import { useApiAction } from "@/components/ui/use-api-action";
import type { ShippingState } from "@/models/orders";

type ShippingToggleProps = { orderId: string; shipping: ShippingState; srLabel: string };

/**
 * A paid order's shipping state and the action that flips it. The visible text says both what the
 * order is now and what pressing does, so the name never contradicts the state.
 */
export function ShippingToggle({ orderId, shipping, srLabel }: ShippingToggleProps) {
  const { pending, run } = useApiAction();
  const shipped = shipping === "shipped";

  function toggle() {
    void run({
      url: `/api/orders/${encodeURIComponent(orderId)}/shipping`,
      method: "PATCH",
      body: { shipped: !shipped },
      failureMessage: "The shipping state could not be changed. Please try again.",
      successMessage: shipped ? "Order marked pending" : "Order marked shipped",
    });
  }

  return (
    <button
      type="button"
      onClick={toggle}
      aria-disabled={pending || undefined}
      data-shipping={shipping}
      className={buttonClasses(
        shipped ? "secondary" : "primary",
        "sm",
        `whitespace-nowrap aria-disabled:opacity-60 ${shipped ? "border-green-700 text-green-800 hover:bg-green-50" : ""}`,
      )}
    >
      {shipped ? (
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0" fill="currentColor">
          <path
            fillRule="evenodd"
            d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
            clipRule="evenodd"
          />
        </svg>
      ) : null}
      <span className="flex flex-col items-start py-1 text-left leading-tight">
        <span>{shipped ? "Shipped" : "Pending"}</span>
        <span className="sr-only"> — </span>
        <span className="text-xs font-medium">{shipped ? "mark pending" : "mark shipped"}</span>
      </span>
      <span className="sr-only">{srLabel}</span>
    </button>
  );
}
