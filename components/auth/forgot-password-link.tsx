import Link from "next/link";
import { textLinkClass } from "./auth-card";

/** Under the password field on /login. */
export function ForgotPasswordLink() {
  return (
    <p className="-mt-3 text-right text-sm">
      <Link href="/forgot-password" prefetch={false} className={textLinkClass}>
        Forgot password?
      </Link>
    </p>
  );
}
