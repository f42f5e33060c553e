"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import toast from "react-hot-toast";
import { buttonClasses } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { sendJson } from "./api";

type ConfirmDeleteButtonProps = {
  /** The API resource to DELETE, e.g. /api/products/prd_x. */
  url: string;
  /** Completes the accessible name: "Delete" + this, e.g. " order ord_1 by ann@example.com". */
  srLabel: string;
  /** The toast after a successful delete (PRODUCT.md §6: "Order deleted", "Product deleted"). */
  successMessage: string;
  failureMessage: string;
};

/** Delete after the shop's Yes/No confirmation; "No" (or Escape) says "Not deleted". */
export function ConfirmDeleteButton({ url, srLabel, successMessage, failureMessage }: ConfirmDeleteButtonProps) {
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
    const result = await sendJson(url, "DELETE", undefined, failureMessage);
    setPending(false);
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    toast.success(successMessage);
    // The row disappears on refresh: move focus somewhere that stays.
    document.getElementById("main")?.focus();
    router.refresh();
  }

  return (
    <>
      <button
        type="button"
        onClick={() => !pending && setConfirming(true)}
        aria-disabled={pending || undefined}
        className={buttonClasses("secondary", "sm", "border-red-300! text-red-800! hover:bg-red-50! aria-disabled:opacity-60")}
      >
        {pending ? "Deleting…" : "Delete"}
        <span className="sr-only">{srLabel}</span>
      </button>
      <ConfirmDialog open={confirming} onConfirm={remove} onCancel={decline} />
    </>
  );
}
