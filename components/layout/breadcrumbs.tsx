import Link from "next/link";

type Crumb = { href: string; label: string };

/** Where a page sits in the shop ("Home / All tools / Claw Hammer"): links up the trail, then the page itself. */
export function Breadcrumbs({ trail, current }: { trail: Crumb[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm">
      <ol className="flex flex-wrap items-center gap-2 text-slate-600">
        {trail.map((crumb) => (
          <li key={crumb.href} className="flex min-w-0 items-center gap-2">
            <Link href={crumb.href} className="[overflow-wrap:anywhere] underline-offset-2 hover:text-brand-dark hover:underline">
              {crumb.label}
            </Link>
            <span aria-hidden="true">/</span>
          </li>
        ))}
        <li aria-current="page" className="min-w-0 font-semibold text-slate-900 [overflow-wrap:anywhere]">
          {current}
        </li>
      </ol>
    </nav>
  );
}
