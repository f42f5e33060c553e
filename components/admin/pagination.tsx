import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

const linkClass = buttonClasses("secondary", "md", "min-w-28");
const disabledClass = `${linkClass} pointer-events-none opacity-50`;

type PaginationProps = { page: number; pageCount: number; href: (page: number) => string; label: string };

/** Previous / Next links and "Page x of y"; nothing when everything fits on one page. */
export function Pagination({ page, pageCount, href, label }: PaginationProps) {
  if (pageCount <= 1) return null;
  const previous = page > 1 ? Math.min(page - 1, pageCount) : null;
  const next = page < pageCount ? page + 1 : null;
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      {previous ? (
        <Link href={href(previous)} rel="prev" className={linkClass}>
          <span aria-hidden="true">←</span> Previous
        </Link>
      ) : (
        <span aria-disabled="true" className={disabledClass}>
          <span aria-hidden="true">←</span> Previous
        </span>
      )}
      <p className="text-sm text-slate-700">
        Page {Math.min(page, pageCount)} of {pageCount}
      </p>
      {next ? (
        <Link href={href(next)} rel="next" className={linkClass}>
          Next <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span aria-disabled="true" className={disabledClass}>
          Next <span aria-hidden="true">→</span>
        </span>
      )}
    </nav>
  );
}

/** A page number from the URL: a whole number from 1 to 10 000, else 1. */
export function readPage(value: string | string[] | undefined): number {
  const page = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, 10_000) : 1;
}
