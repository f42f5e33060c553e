"use client";

import { buttonClasses } from "@/components/ui/button";
import { LoginLink } from "./login-link";
import { UserMenu } from "./user-menu";
import { useSession } from "./use-session";

/** Header sign-in state: a skeleton while the session loads, then Login or the avatar menu. */
export function AuthArea() {
  const session = useSession();

  if (session.status === "loading") {
    return (
      <div aria-busy="true" className="flex h-10 w-20 items-center justify-end">
        <span className="h-10 w-20 rounded-md bg-slate-700" />
        <span className="sr-only">Checking sign-in…</span>
      </div>
    );
  }

  if (session.status === "signed-in") return <UserMenu user={session.user} />;

  return (
    <LoginLink testId="login-link" className={buttonClasses("primary", "sm", "h-10 w-20")}>
      Login
    </LoginLink>
  );
}
