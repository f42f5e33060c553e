"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import toast from "react-hot-toast";
import { errorMessage, NETWORK_ERROR_MESSAGE, readJson } from "@/components/ui/api-response";
import { buttonClasses } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** Delete (cancel) an unpaid order after a Yes/No confirmation; the server puts the units back into stock. */
export function CancelOrderButton({ orderId, productName }: { orderId: string; productName: string }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  function decline() {
    setConfirming(false);
    toast("Not deleted");
  }

  async function remove() {
    setConfirming(false);
    setPending(true);
    try {
      const response = await fetch(`/api/orders/${encodeURIComponent(orderId)}`, { method: "DELETE", credentials: "same-origin" });
      if (response.status === 204 || response.ok) {
        toast.success("Order deleted");
        // The row disappears on refresh: move focus somewhere that stays.
        document.getElementById("main")?.focus();
        router.refresh();
        return;
      }
      toast.error(errorMessage(await readJson(response)) ?? "The order could not be deleted. Please try again.");
    } catch {
      toast.error(NETWORK_ERROR_MESSAGE);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => !pending && setConfirming(true)}
        aria-disabled={pending || undefined}
        className={buttonClasses("secondary", "sm", "text-red-700 hover:bg-red-50 aria-disabled:opacity-60")}
      >
        {pending ? "Deleting…" : "Delete"}
        <span className="sr-only"> order for {productName}</span>
      </button>
      <ConfirmDialog open={confirming} onConfirm={remove} onCancel={decline} />
    </>
  );
}
