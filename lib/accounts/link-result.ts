import "server-only";
import { isAppError } from "@/lib/errors";

/** The outcomes /verify-email can show (models/account-messages has the words). */
export const LINK_RESULTS = ["verified", "changed", "expired", "used", "invalid", "disabled", "taken", "sign-in"] as const;
export type LinkResult = (typeof LINK_RESULTS)[number];

/**
 * Runs a link's action and names the outcome for the page it redirects to. Failures a person can
 * meet become a result; anything else is a real error and propagates.
 */
export async function linkResult(action: () => Promise<unknown>, success: "verified" | "changed"): Promise<LinkResult> {
  try {
    await action();
    return success;
  } catch (error) {
    if (!isAppError(error)) throw error;
    const reason = error.details?.reason;
    if (reason === "expired" || reason === "used" || reason === "invalid" || reason === "disabled" || reason === "sign-in") return reason;
    if (error.kind === "conflict") return "taken";
    throw error;
  }
}
