import { buttonClasses } from "@/components/ui/button";
import type { ReactNode } from "react";

/** The centred card that holds the login and register forms. */
export function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-2 text-slate-600">{intro}</p>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/** The "or" rule between the email form and the social buttons. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-sm text-slate-600" role="separator" aria-label="or">
      <span aria-hidden="true" className="h-px flex-1 bg-slate-300" />
      <span aria-hidden="true">or</span>
      <span aria-hidden="true" className="h-px flex-1 bg-slate-300" />
    </div>
  );
}

export const primaryButtonClass = buttonClasses("primary", "md", "w-full");

export { textLinkClass } from "@/components/ui/button";
