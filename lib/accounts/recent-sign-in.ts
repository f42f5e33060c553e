import "server-only";
import { AppError } from "@/lib/errors";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";
import type { Actor } from "./roles";

/** How recent a sign-in must be to change the email address or delete the account (the seed's requires-recent-login). */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

export function isRecentSignIn(actor: Pick<Actor, "signedInAt">, now = new Date()): boolean {
  return now.getTime() - actor.signedInAt.getTime() < RECENT_SIGN_IN_MS;
}

export function requireRecentSignIn(actor: Pick<Actor, "signedInAt">, now = new Date()): void {
  if (!isRecentSignIn(actor, now)) {
    throw new AppError("forbidden", ACCOUNT_MESSAGES.recentSignInRequired, undefined, { reason: "recent_sign_in_required" });
  }
}
