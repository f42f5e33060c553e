import type { ReactNode } from "react";

/** One titled card on the account security page. */
export function SecuritySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      {/* Focusable from code: a section whose focused button went away (removed, turned off) takes focus here. */}
      <h2 id={`${id}-title`} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
