"use client";

import { useState } from "react";
import toast from "react-hot-toast";
import { buttonClasses, deleteButtonTone } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useApiAction } from "@/components/ui/use-api-action";

type RoleButtonProps = { userId: string; email: string; to: "admin" | "customer" };

/**
 * Make Admin, or Remove admin for another admin, each after a confirmation that says what the change
 * gives or takes away. The server refuses to demote the last admin (409) and audits every change.
 */
export function RoleButton({ userId, email, to }: RoleButtonProps) {
  const { pending, run } = useApiAction();
  const [confirming, setConfirming] = useState(false);
  const promote = to === "admin";

  function change() {
    setConfirming(false);
    void run({
      url: `/api/users/${encodeURIComponent(userId)}/role`,
      method: "PATCH",
      body: { role: to },
      failureMessage: "The role could not be changed. Please try again.",
      successMessage: promote ? "User is now an admin" : "Admin rights removed",
    });
  }

  return (
    <>
      <button
        type="button"
        onClick={() => !pending && setConfirming(true)}
        aria-disabled={pending || undefined}
        className={buttonClasses(
          "secondary",
          "sm",
          `whitespace-nowrap aria-disabled:opacity-60 ${promote ? "" : deleteButtonTone}`,
        )}
      >
        {pending ? "Saving…" : promote ? "Make admin" : "Remove admin"}
        <span className="sr-only"> {email}</span>
      </button>
      <ConfirmDialog
        open={confirming}
        title={promote ? `Make ${email} an admin?` : `Remove admin rights from ${email}?`}
        message={
          promote
            ? "They will see every order and account, change products, hide reviews and make other admins. The change is written to the audit log."
            : "They keep their account and orders but lose the admin pages at once. The change is written to the audit log."
        }
        confirmLabel={promote ? "Make admin" : "Remove admin rights"}
        cancelLabel={promote ? "Keep as customer" : "Keep as admin"}
        tone={promote ? "default" : "danger"}
        onConfirm={change}
        onCancel={() => {
          setConfirming(false);
          toast("Role not changed");
        }}
      />
    </>
  );
}
