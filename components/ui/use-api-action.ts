"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import toast from "react-hot-toast";
import { sendJson } from "./send-json";

type ApiAction = {
  url: string;
  method: "POST" | "PATCH" | "DELETE";
  body?: unknown;
  /** The error toast when the server does not say what went wrong. */
  failureMessage: string;
  /** The success toast, or one worded from the answer's body. */
  successMessage: string | ((body: unknown) => string);
  /** Runs after the success toast, just before the page is refreshed. */
  onSuccess?: () => void;
};

/**
 * A button's one-request action (Hide, Make Admin, Delete…): pending while it runs and until the page
 * shows its outcome, a toast either way, and the server components re-rendered with router.refresh():
 * after a success, and after a refusal that says the row is out of date (404, 409: another tab or admin
 * changed it), so the stale row does not keep offering what was just refused. A second press while
 * the first is running is ignored, a quick double click included.
 */
export function useApiAction() {
  const router = useRouter();
  const [sending, setSending] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  // State lags a render behind a double click; the ref does not.
  const running = useRef(false);

  async function run({ url, method, body, failureMessage, successMessage, onSuccess }: ApiAction) {
    if (running.current || refreshing) return;
    running.current = true;
    setSending(true);
    try {
      const result = await sendJson(url, method, body, failureMessage);
      if (!result.ok) {
        toast.error(result.message);
        if (result.status === 404 || result.status === 409) startRefresh(() => router.refresh());
        return;
      }
      toast.success(typeof successMessage === "function" ? successMessage(result.body) : successMessage);
      onSuccess?.();
      startRefresh(() => router.refresh());
    } finally {
      running.current = false;
      setSending(false);
    }
  }

  return { pending: sending || refreshing, run };
}
