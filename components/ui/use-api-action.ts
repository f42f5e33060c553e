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
 * After a refresh, the element that had the focus may be gone: the row left a filtered list (a
 * shipped order under "Paid – pending", an admin under "Admins"). The browser then drops the focus
 * to the page's body, and a keyboard or screen-reader user is back at the top with nothing said.
 * For a few seconds after the action, this watches for that and hands the focus to the page's main
 * region instead (the skip link's target), where the list's status line comes first.
 */
function keepFocusOnThePage(): void {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body) return;
  const until = performance.now() + 5000;
  const check = () => {
    if (document.activeElement !== document.body && document.activeElement !== null) {
      // Still on it, or the person moved on: only a dropped focus is picked up.
      if (focused.isConnected && performance.now() < until) requestAnimationFrame(check);
      return;
    }
    if (!focused.isConnected) document.getElementById("main")?.focus({ preventScroll: true });
    else if (performance.now() < until) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

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
      keepFocusOnThePage();
      startRefresh(() => router.refresh());
    } finally {
      running.current = false;
      setSending(false);
    }
  }

  return { pending: sending || refreshing, run };
}
