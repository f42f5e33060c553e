"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import toast from "react-hot-toast";
import { sendJson } from "./send-json";

type ApiAction = {
  url: string;
  method: "POST" | "PATCH" | "DELETE";
  body?: unknown;
  /** The error toast when the server does not say what went wrong. */
  failureMessage: string;
  successMessage: string;
  /** Runs after the success toast, just before the page is refreshed. */
  onSuccess?: () => void;
};

/**
 * A button's one-request action (Hide, Make Admin, Delete…): pending while it runs, a toast either
 * way, and on success the server components re-render with router.refresh(). A second press while
 * the first is still running is ignored.
 */
export function useApiAction() {
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function run({ url, method, body, failureMessage, successMessage, onSuccess }: ApiAction) {
    if (pending) return;
    setPending(true);
    const result = await sendJson(url, method, body, failureMessage);
    setPending(false);
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    toast.success(successMessage);
    onSuccess?.();
    router.refresh();
  }

  return { pending, run };
}
