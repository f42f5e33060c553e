import Link from "next/link";
import { textLinkClass } from "./auth-card";

/** Where /login leaves the address typed so far for /forgot-password: this tab only, read once. */
export const RESET_EMAIL_KEY = "toolforge.reset-email";

/** Takes the address already typed on /login to /forgot-password, so it need not be typed twice. */
export function rememberResetEmail(email: string): void {
  try {
    if (email.trim()) sessionStorage.setItem(RESET_EMAIL_KEY, email.trim());
    else sessionStorage.removeItem(RESET_EMAIL_KEY);
  } catch {
    // Storage can be off (private modes): the form then starts empty, as it would anyway.
  }
}

/** The address /login left, removed as it is read; null when there is none. */
export function takeResetEmail(): string | null {
  try {
    const email = sessionStorage.getItem(RESET_EMAIL_KEY);
    sessionStorage.removeItem(RESET_EMAIL_KEY);
    return email;
  } catch {
    return null;
  }
}

/** Under the password field on /login. */
export function ForgotPasswordLink({ typedEmail }: { typedEmail: () => string }) {
  return (
    <p className="-mt-3 text-right text-sm">
      <Link href="/forgot-password" prefetch={false} className={textLinkClass} onClick={() => rememberResetEmail(typedEmail())}>
        Forgot password?
      </Link>
    </p>
  );
}
