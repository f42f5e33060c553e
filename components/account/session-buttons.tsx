"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { notify } from "@/components/ui/notify";
import { sendJson } from "@/components/ui/send-json";

function useSessionAction() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  async function run(url: string, method: "POST" | "DELETE", success: string) {
    if (pending) return;
    setPending(true);
    const result = await sendJson(url, method, undefined, "We couldn't sign that session out. Try again.");
    setPending(false);
    if (!result.ok) {
      notify.error(result.message);
      return;
    }
    notify.success(success);
    document.getElementById("sessions-title")?.focus();
    router.refresh();
  }
  return { pending, run };
}

export function SignOutSessionButton({ sessionId, device }: { sessionId: string; device: string }) {
  const { pending, run } = useSessionAction();
  return (
    <button
      type="button"
      onClick={() => run(`/api/me/sessions/${encodeURIComponent(sessionId)}`, "DELETE", "Session signed out")}
      aria-disabled={pending || undefined}
      className={buttonClasses("secondary", "sm", "self-start whitespace-nowrap aria-disabled:opacity-60")}
    >
      {pending ? "Signing out…" : "Sign out"}
      <span className="sr-only"> {device}</span>
    </button>
  );
}

export function SignOutOthersButton() {
  const { pending, run } = useSessionAction();
  return (
    <button
      type="button"
      onClick={() => run("/api/me/sessions/sign-out-others", "POST", "Signed out everywhere else")}
      aria-disabled={pending || undefined}
      className={buttonClasses("secondary", "md", "mt-4 aria-disabled:opacity-60")}
    >
      {pending ? "Signing out…" : "Sign out of all other sessions"}
    </button>
  );
}
