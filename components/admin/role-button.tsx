"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import toast from "react-hot-toast";
import { buttonClasses } from "@/components/ui/button";
import { sendJson } from "./api";

type RoleButtonProps = { userId: string; email: string; to: "admin" | "customer" };

/** Make Admin, or Remove admin for another admin. The server refuses to demote the last admin (409). */
export function RoleButton({ userId, email, to }: RoleButtonProps) {
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function change() {
    if (pending) return;
    setPending(true);
    const result = await sendJson(
      `/api/users/${encodeURIComponent(userId)}/role`,
      "PATCH",
      { role: to },
      "The role could not be changed. Please try again.",
    );
    setPending(false);
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    toast.success(to === "admin" ? "User is now an admin" : "Admin rights removed");
    router.refresh();
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
