import { ACCOUNT_MESSAGES } from "@/models/account-messages";

export type TokenStateName = "expired" | "used" | "invalid";

export function linkProblemMessage(state: TokenStateName): string {
  if (state === "expired") return ACCOUNT_MESSAGES.linkExpired;
  if (state === "used") return ACCOUNT_MESSAGES.linkUsed;
  return ACCOUNT_MESSAGES.linkInvalid;
}
