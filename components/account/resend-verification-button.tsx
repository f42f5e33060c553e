"use client";

import { useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { notify } from "@/components/ui/notify";
import { sendJson } from "@/components/ui/send-json";

/** Sends the verification link again (the server allows 3 per 15 minutes). */
export function ResendVerificationButton({ className = "" }: { className?: string }) {
  const [pending, setPending] = useState(false);

  async function resend() {
    if (pending) return;
    setPending(true);
    const result = await sendJson<{ message: string }>("/api/me/verification-email", "POST", undefined, "We couldn't send the link. Try again.");
    setPending(false);
    if (result.ok) notify.success(result.body.message);
    else notify.error(result.message);
  }

  return (
    <button type="button" onClick={resend} aria-disabled={pending || undefined} className={buttonClasses("secondary", "sm", `whitespace-nowrap aria-disabled:opacity-60 ${className}`)}>
      {pending ? "Sending…" : "Send the link again"}
    </button>
  );
}
