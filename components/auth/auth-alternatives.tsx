"use client";

import Link from "next/link";
import { withNext } from "@/models/next-path";
import { textLinkClass } from "./auth-card";

// Each form leads to the other one.
const otherForm = {
  login: { question: "New to ToolForge?", path: "/register", label: "Create an account" },
  register: { question: "Already have an account?", path: "/login", label: "Login" },
} as const;

/** Below the login and register forms: the link to the other form, keeping `next`. */
export function AuthAlternatives({ form, next }: { form: keyof typeof otherForm; next: string }) {
  const other = otherForm[form];
  return (
    <p className="mt-6 text-center text-slate-700">
      {other.question}{" "}
      <Link href={withNext(other.path, next)} className={textLinkClass}>
        {other.label}
      </Link>
    </p>
  );
}
