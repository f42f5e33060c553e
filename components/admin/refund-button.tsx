"use client";

import { useRef, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { buttonClasses } from "@/components/ui/button";
import { focusAfterSuccess } from "@/components/ui/confirm-action-button";
import { Modal } from "@/components/ui/modal";
import { useApiAction } from "@/components/ui/use-api-action";

/** Refunds a paid order through its payment processor, with the reason the admin gives. */
export function RefundButton({ orderId, number, srLabel }: { orderId: string; number: string; srLabel: string }) {
  const { pending, run } = useApiAction();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Closing without refunding (the button, the ×, Escape) is said, as every dialog that backs out of a change does (ADR 052).
  function keep() {
    setOpen(false);
    toast("Not refunded");
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setError("Give a reason for the refund");
      reasonRef.current?.focus();
      return;
    }
    setError(null);
    setOpen(false);
    void run({
      url: `/api/orders/${encodeURIComponent(orderId)}/refund`,
      method: "POST",
      body: { reason: reason.trim() },
      failureMessage: "The order could not be refunded. Please try again.",
      successMessage: "Order refunded",
      // The row stays, refunded, without this button: focus goes to the order's number in it.
      onSuccess: () => focusAfterSuccess("row", buttonRef.current),
    });
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={() => !pending && setOpen(true)}
        aria-disabled={pending || undefined}
        className={buttonClasses("secondary", "sm", "text-red-700 hover:bg-red-50 aria-disabled:opacity-60")}
      >
        {pending ? "Refunding…" : "Refund"}
        <span className="sr-only">{srLabel}</span>
      </button>
      <Modal open={open} onClose={keep} title={`Refund order ${number}`} closeLabel="Close refund" initialFocusRef={reasonRef}>
        <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <p className="text-slate-700">The full amount goes back to the customer&apos;s card. Units go back on sale unless the order shipped; one marked as shipped in the last two minutes is taken back with its &ldquo;has shipped&rdquo; mail.</p>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`refund-reason-${orderId}`} className="text-sm font-semibold text-slate-900">
              Reason
            </label>
            <textarea
              ref={reasonRef}
              id={`refund-reason-${orderId}`}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                // The error was about what was typed before: it goes as the reason changes.
                setError(null);
              }}
              rows={3}
              maxLength={500}
              aria-invalid={error ? true : undefined}
              aria-describedby={[`refund-reason-${orderId}-hint`, error ? `refund-reason-${orderId}-error` : null].filter(Boolean).join(" ")}
              className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900"
            />
            <p id={`refund-reason-${orderId}-hint`} className="text-sm text-slate-600">
              The customer reads this in the refund email and on the order&apos;s page. Up to 500 characters.
            </p>
            {error ? (
              <p id={`refund-reason-${orderId}-error`} className="text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <div className="flex gap-3">
            <button type="submit" className={buttonClasses("primary", "md")}>
              Refund
            </button>
            <button type="button" onClick={keep} className={buttonClasses("secondary", "md")}>
              Keep the payment
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
