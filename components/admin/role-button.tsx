"use client";

import { buttonClasses } from "@/components/ui/button";
import { useApiAction } from "@/components/ui/use-api-action";

type RoleButtonProps = { userId: string; email: string; to: "admin" | "customer" };

/** Make Admin, or Remove admin for another admin. The server refuses to demote the last admin (409). */
export function RoleButton({ userId, email, to }: RoleButtonProps) {
  const { pending, run } = useApiAction();

  function change() {
    void run({
      url: `/api/users/${encodeURIComponent(userId)}/role`,
      method: "PATCH",
      body: { role: to },
      failureMessage: "The role could not be changed. Please try again.",
      successMessage: to === "admin" ? "User is now an admin" : "Admin rights removed",
    });
  }

  const promote = to === "admin";
  return (
    <button
      type="button"
      onClick={change}
      aria-disabled={pending || undefined}
      className={buttonClasses(promote ? "primary" : "secondary", "sm", "whitespace-nowrap aria-disabled:opacity-60")}
    >
      {pending ? "Saving…" : promote ? "Make Admin" : "Remove admin"}
      <span className="sr-only"> {email}</span>
    </button>
  );
}
