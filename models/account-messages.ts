/**
 * The one plain message for each failure a person can meet while signing in or managing their
 * account (the seed's identity error catalogue, §8). Services throw with these, the /api/auth route
 * rewrites better-auth's own messages to them, and forms show them as they come.
 */
export const ACCOUNT_MESSAGES = {
  // Wrong password and unknown address read the same, so the form never tells who has an account.
  wrongCredentials: "Wrong email or password.",
  locked: (minutes: number) =>
    `Too many failed sign-ins. Password sign-in for this address is paused for ${minutes} minute${minutes === 1 ? "" : "s"}. You can still sign in with an email link or reset your password.`,
  disabled: "This account has been disabled. Contact us if you think this is a mistake.",
  gone: "This account no longer exists.",
  linkExpired: "This link has expired. Ask for a new one.",
  linkUsed: "This link has already been used. Ask for a new one if you still need it.",
  linkInvalid: "This link is not valid. Check that you opened the whole link, or ask for a new one.",
  recentSignInRequired: "For your safety, sign in again before doing this (your last sign-in was too long ago).",
  currentPasswordWrong: "Your current password is not correct.",
  noPasswordYet: "Your account has no password yet. Use “Forgot password?” on the login page to set one.",
  emailTaken: "Another account already uses this email address.",
  sameEmail: "This is already your email address.",
  alreadyVerified: "Your email address is already verified.",
  verifySignedIn: "Sign in to your account in this browser, then open the link again to confirm your address.",
  confirmChangeSignedIn: "Sign in to your account in this browser, then open the link again to move it to the new address.",
  lastAdmin: "The shop needs at least one active admin: make someone else admin first (a disabled admin does not count; enable them).",
  // Answers that must not reveal whether an address has an account.
  resetRequested: "If an account uses this address, we have emailed it a link to choose a new password. The link works for 1 hour.",
  emailLinkRequested: "If an account uses this address, we have emailed it a sign-in link. The link works for 15 minutes.",
  somethingWrong: "Signing in did not work this time. Please try again.",
} as const;

/** better-auth's error codes (node_modules/@better-auth/core/dist/error/codes.mjs) → our words. */
const BETTER_AUTH_CODES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: ACCOUNT_MESSAGES.wrongCredentials,
  USER_NOT_FOUND: ACCOUNT_MESSAGES.wrongCredentials,
  CREDENTIAL_ACCOUNT_NOT_FOUND: ACCOUNT_MESSAGES.wrongCredentials,
  INVALID_PASSWORD: ACCOUNT_MESSAGES.wrongCredentials,
  INVALID_EMAIL: "Enter a valid email",
  PASSWORD_TOO_SHORT: "Use at least 8 characters",
  PASSWORD_TOO_LONG: "Use at most 128 characters",
  INVALID_TOKEN: ACCOUNT_MESSAGES.linkInvalid,
  TOKEN_EXPIRED: ACCOUNT_MESSAGES.linkExpired,
  SESSION_EXPIRED: ACCOUNT_MESSAGES.recentSignInRequired,
  SESSION_NOT_FRESH: ACCOUNT_MESSAGES.recentSignInRequired,
  FAILED_TO_CREATE_SESSION: ACCOUNT_MESSAGES.somethingWrong,
  FAILED_TO_GET_SESSION: ACCOUNT_MESSAGES.somethingWrong,
  ACCOUNT_DISABLED: ACCOUNT_MESSAGES.disabled,
  INVALID_ORIGIN: "Requests from other sites are not allowed.",
  MISSING_OR_NULL_ORIGIN: "Requests from other sites are not allowed.",
};

/** Our message for one of better-auth's error codes, or undefined when we have none for it. */
export function plainAuthMessage(code: string | undefined): string | undefined {
  return code ? BETTER_AUTH_CODES[code] : undefined;
}
