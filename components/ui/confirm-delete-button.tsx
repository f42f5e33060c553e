"use client";

import { useState } from "react";
import toast from "react-hot-toast";
import { buttonClasses } from "./button";
import { ConfirmDialog } from "./confirm-dialog";
import { useApiAction } from "./use-api-action";

type ConfirmDeleteButtonProps = {
  /** The API resource to DELETE, e.g. /api/products/prd_x. */
  url: string;
  /** Completes the accessible name: "Delete" + this, e.g. " order ord_1 by ann@example.com". */
  srLabel: string;
  /** The toast after a successful delete (PRODUCT.md §6: "Order deleted", "Product deleted"). */
  successMessage: string;
  failureMessage: string;
  /** The button's colours, on top of the secondary small button. */
  className: string;
  /** The button's visible word ("Delete", or "Cancel" for an order the customer calls off). */
  label?: string;
  /** The dialog's question, naming the thing, and what happens on yes. */
  confirmTitle: string;
  confirmMessage: string;
  confirmLabel: string;
  cancelLabel: string;
  /** The toast when the person changes their mind. */
  declinedMessage?: string;
};

/**
 * Delete after a confirmation that names the thing and the consequence; cancelling (or Escape) says
 * "Not deleted". Customers cancel their unpaid orders with it, admins delete orders and products.
 */
export function ConfirmDeleteButton({
  url,
  srLabel,
  successMessage,
  failureMessage,
  className,
  label = "Delete",
  confirmTitle,
  confirmMessage,
  confirmLabel,
  cancelLabel,
  declinedMessage = "Not deleted",
}: ConfirmDeleteButtonProps) {
  const { pending, run } = useApiAction();
  const [confirming, setConfirming] = useState(false);

  function decline() {
    setConfirming(false);
    toast(declinedMessage);
  }

  function remove() {
    setConfirming(false);
    void run({
      url,
      method: "DELETE",
      failureMessage,
      successMessage,
      // The row disappears on refresh: move focus somewhere that stays.
      onSuccess: () => document.getElementById("main")?.focus(),
    });
  }

  return (
    <>
      <button
        type="button"
        onClick={() => !pending && setConfirming(true)}
        aria-disabled={pending || undefined}
        className={buttonClasses("secondary", "sm", `${className} aria-disabled:opacity-60`)}
      >
        {pending ? "Working…" : label}
        <span className="sr-only">{srLabel}</span>
      </button>
      <ConfirmDialog
        open={confirming}
        onConfirm={remove}
        onCancel={decline}
        title={confirmTitle}
        message={confirmMessage}
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel}
        tone="danger"
      />
    </>
  );
}
