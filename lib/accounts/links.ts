import "server-only";
import { getEnv } from "@/lib/env";

/** The addresses mailed links open. Each carries its single-use token in the query. */
export const LINK_PATHS = {
  verifyEmail: "/api/account/verify-email",
  // A page that asks for one press before the account moves: a mail scanner opening the link to
  // check it would otherwise move the account to an address typed wrong.
  confirmEmailChange: "/confirm-email",
  resetPassword: "/reset-password",
  emailLink: "/login/link",
} as const;

export function linkUrl(path: (typeof LINK_PATHS)[keyof typeof LINK_PATHS], params: Record<string, string>): string {
  const url = new URL(path, `${getEnv().appUrl}/`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}
