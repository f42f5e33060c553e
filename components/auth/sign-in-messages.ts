import { TOO_MANY_ATTEMPTS } from "./error-body";

/**
 * One plain sentence for each way a second-factor or provider sign-in can fail. better-auth answers
 * with codes (and English meant for developers); these are what a person reads.
 */
const secondFactorMessages: Record<string, string> = {
  INVALID_CODE: "That code is not right. Check the code your authenticator app shows now and try again.",
  TOTP_CODE_REUSED: "This code has already been used. Wait for the next code in your authenticator app.",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "Too many wrong codes. Sign in again to try once more.",
  INVALID_TWO_FACTOR_COOKIE: "This sign-in has expired: you have 10 minutes to give the code. Sign in again.",
  ACCOUNT_TEMPORARILY_LOCKED: "Too many wrong codes for this account. Wait 15 minutes, then sign in again.",
  INVALID_BACKUP_CODE: "That backup code is not right, or it has been used already. Each backup code works once.",
  TOTP_NOT_ENABLED: "Two-factor authentication is not set up for this account. Sign in again.",
  // The per-address password lockout, which the password checks of the two-factor settings count toward.
  ACCOUNT_LOCKED:
    "Too many wrong passwords for this account: password checks are paused for up to 15 minutes. You can still sign in with an email link or reset your password.",
};

export function secondFactorMessage(code: string, status: number): string {
  if (status === 429 && code !== "ACCOUNT_TEMPORARILY_LOCKED" && code !== "ACCOUNT_LOCKED") return TOO_MANY_ATTEMPTS;
  return secondFactorMessages[code] ?? "The code could not be checked. Sign in again.";
}

/** What a provider sign-in that came back with ?error=<code> tells the person. */
export function providerErrorMessage(error: string): string {
  switch (error) {
    case "account_not_linked":
      return "An account with this email address already exists. Sign in the way you did before; a provider can join that account only when the address is verified both at the provider and here.";
    case "access_denied":
      return "Sign-in was cancelled at the provider. Try again, or sign in another way.";
    case "email_not_found":
      return "The provider did not share an email address, which the shop needs. Sign in another way.";
    case "signup_disabled":
      return "There is no account for this sign-in yet.";
    default:
      return "Signing in with that provider did not complete. Try again, or sign in another way.";
  }
}
