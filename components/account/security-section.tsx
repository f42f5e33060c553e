import type { ReactNode } from "react";
import type { Actor } from "@/lib/accounts/actor";

/**
 * What every section of /account/security takes. A section is an async server component in
 * components/account/ that loads what it shows from lib/; adding one to the page is one line.
 */
export type SecuritySectionProps = { actor: Actor };

/** The card, heading and description every section of /account/security shares. */
export function SecuritySection({ id, title, description, children, tone = "plain" }: { id: string; title: string; description?: ReactNode; children: ReactNode; tone?: "plain" | "danger" }) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-section={id}
      className={`rounded-xl border bg-white p-6 shadow-sm ${tone === "danger" ? "border-red-200" : "border-slate-200"}`}
    >
      <h2 id={`${id}-title`} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
        {title}
      </h2>
      {description ? <div className="mt-1 text-slate-700">{description}</div> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** "Verified" / "Not verified" next to an address. */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="inline-flex items-center rounded-full bg-green-50 px-2.5 py-0.5 text-sm font-semibold text-green-800 ring-1 ring-green-700/30">
      Verified
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-amber-50 px-2.5 py-0.5 text-sm font-semibold text-amber-900 ring-1 ring-amber-700/30">
      Not verified
    </span>
  );
}
