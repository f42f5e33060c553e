"use client";

import { useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { useSignOut } from "@/components/layout/use-session";

/** Signs out and goes on to `to` (the page that needed the visitor signed out, e.g. Register). */
export function SignOutButton({ to, label }: { to: string; label: string }) {
  const signOut = useSignOut(to);
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      aria-disabled={pending || undefined}
      onClick={async () => {
        if (pending) return;
        setPending(true);
        if (!(await signOut())) setPending(false);
      }}
      className={buttonClasses("primary", "md", "w-full aria-disabled:opacity-60")}
    >
      {pending ? "Signing out…" : label}
    </button>
  );
}
