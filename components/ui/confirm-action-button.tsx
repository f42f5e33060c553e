"use client";

import { useRef, useState } from "react";
import toast from "react-hot-toast";
import { buttonClasses } from "./button";
import { ConfirmDialog } from "./confirm-dialog";
import { useApiAction } from "./use-api-action";

type ConfirmActionButtonProps = {
  /** The API resource the action calls, e.g. /api/products/prd_x or /api/orders/ord_1/cancel. */
  url: string;
  method: "DELETE" | "POST";
  /** The button's visible word ("Delete", "Cancel") and the one while the call runs. */
  label: string;
  pendingLabel: string;
  /** Completes the accessible name: label + this, e.g. " order TF-100001 by ann@example.com". */
  srLabel: string;
  /** The toasts after success and failure (PRODUCT.md §6: "Product deleted", "Order cancelled"). */
  successMessage: string;
  failureMessage: string;
  /** The button's colours, on top of the secondary small button. */
  className: string;
  /** The dialog's question, naming the thing, and what happens on yes. */
  confirmTitle: string;
  confirmMessage: string;
  confirmLabel: string;
  cancelLabel: string;
  /** The toast when the person changes their mind ("Not deleted"). */
  declinedMessage: string;
  /**
   * Where focus goes on success, as the button itself may be gone: "main" when the row goes away (the
   * page's main region stays), "row" when the row stays but its actions change (the link in its
   * header cell, e.g. the order's number).
   */
  focusAfter?: "main" | "row";
  /** Runs after a success, before the page is refreshed (a form clears what it showed). */
  onSuccess?: () => void;
  /** "default" for an action that gives something back (Restore): its confirm button is not red. */
  tone?: "danger" | "default";
};

/**
 * After an action that takes its own button away: focus goes to the link in the header cell of the
 * button's row (e.g. the order's number) when `where` is "row" and there is one, else to the page's
 * main region.
 */
export function focusAfterSuccess(where: "main" | "row", button: HTMLElement | null): void {
  const rowLink = where === "row" ? button?.closest("tr")?.querySelector<HTMLElement>("th a") : null;
  (rowLink ?? document.getElementById("main"))?.focus();
}

/**
 * An action that cannot be taken back, after a confirmation that names the thing and the
 * consequence; declining (or Escape) says so in a toast. Admins delete products with it, customers
 * and admins cancel unpaid orders; admins also restore deleted products (in the default tone).
 */
export function ConfirmActionButton({
  url,
  method,
  label,
  pendingLabel,
  srLabel,
  successMessage,
  failureMessage,
  className,
  confirmTitle,
  confirmMessage,
  confirmLabel,
  cancelLabel,
  declinedMessage,
  focusAfter,
  onSuccess,
  tone = "danger",
}: ConfirmActionButtonProps) {
  const { pending, run } = useApiAction();
  const button = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);

  function decline() {
    setConfirming(false);
    toast(declinedMessage);
  }

  function act() {
    setConfirming(false);
    void run({
      url,
      method,
      failureMessage,
      successMessage,
      onSuccess: () => {
        onSuccess?.();
        if (focusAfter) focusAfterSuccess(focusAfter, button.current);
      },
    });
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => !pending && setConfirming(true)}
        aria-disabled={pending || undefined}
        className={buttonClasses("secondary", "sm", `${className} aria-disabled:opacity-60`)}
      >
        {pending ? pendingLabel : label}
        <span className="sr-only">{srLabel}</span>
      </button>
      <ConfirmDialog
        open={confirming}
        onConfirm={act}
        onCancel={decline}
        title={confirmTitle}
        message={confirmMessage}
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel}
        tone={tone}
      />
    </>
  );
}
