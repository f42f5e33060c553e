"use client";

import { useState } from "react";
import toast from "react-hot-toast";
import { buttonClasses, deleteButtonTone } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useApiAction } from "@/components/ui/use-api-action";

type AccountStatusButtonProps = { userId: string; email: string; disabled: boolean };

/**
 * Make Admin's Disable / Enable. Disabling asks first: it signs the person out on every device at
 * once. The server refuses to disable the last active admin (409).
 */
export function AccountStatusButton({ userId, email, disabled }: AccountStatusButtonProps) {
  const { pending, run } = useApiAction();
  const [confirming, setConfirming] = useState(false);

  function change(to: boolean) {
    setConfirming(false);
    void run({
      url: `/api/users/${encodeURIComponent(userId)}/status`,
      method: "PATCH",
      body: { disabled: to },
      failureMessage: "The account could not be changed. Please try again.",
      successMessage: to ? "Account disabled" : "Account enabled",
    });
  }

  return (
    <>
      <button
        type="button"
        onClick={() => (pending ? undefined : disabled ? change(false) : setConfirming(true))}
        aria-disabled={pending || undefined}
        className={buttonClasses("secondary", "sm", `whitespace-nowrap aria-disabled:opacity-60 ${disabled ? "" : deleteButtonTone}`)}
      >
        {pending ? "Saving…" : disabled ? "Enable" : "Disable"}
        <span className="sr-only"> {email}</span>
      </button>
      <ConfirmDialog
        open={confirming}
        title={`Disable ${email}?`}
        message={`${email} will be signed out on every device at once and cannot sign in until an admin enables the account again. Any order of theirs not yet paid is cancelled, and its units go back on sale.`}
        confirmLabel="Disable account"
        cancelLabel="Keep active"
        tone="danger"
        onConfirm={() => change(true)}
        onCancel={() => {
          setConfirming(false);
          toast("Not disabled");
        }}
      />
    </>
  );
}
