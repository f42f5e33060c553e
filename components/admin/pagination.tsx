import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { pageQuerySchema, type PageQuery } from "@/models/paging";

const linkClass = buttonClasses("secondary", "md", "min-w-28");
const disabledClass = `${linkClass} pointer-events-none opacity-50`;

type PaginationProps = {
  page: number;
  pageCount: number;
  /** The URL of a page; keyset lists also get the cursor that page starts from. */
  href: (page: number, cursor?: string) => string;
  label: string;
  nextCursor?: string | null;
  prevCursor?: string | null;
};

/**
 * Paging controls as plain links (each page has its own URL, no script needed): First, Previous, Next and
 * "Page x of y". Nothing when everything fits on one page. Page 1 is always linked without a cursor.
 */
export function Pagination({ page, pageCount, href, label, nextCursor, prevCursor }: PaginationProps) {
  if (pageCount <= 1) return null;
  const previous = page > 1 ? Math.min(page - 1, pageCount) : null;
  const next = page < pageCount ? page + 1 : null;
  const previousHref = previous === null ? null : previous === 1 ? href(1) : href(previous, prevCursor ?? undefined);
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <div className="flex flex-wrap gap-3">
        {page > 2 ? (
          <Link href={href(1)} className={linkClass}>
            <span aria-hidden="true">«</span> First
          </Link>
        ) : null}
        {previousHref ? (
          <Link href={previousHref} rel="prev" className={linkClass}>
            <span aria-hidden="true">←</span> Previous
          </Link>
        ) : (
          <span aria-disabled="true" className={disabledClass}>
            <span aria-hidden="true">←</span> Previous
          </span>
        )}
      </div>
      <p className="text-sm text-slate-700">
        Page {Math.min(page, pageCount)} of {pageCount}
      </p>
      {next ? (
        <Link href={href(next, nextCursor ?? undefined)} rel="next" className={linkClass}>
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

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The most rows a dashboard page shows, whatever `pageSize` its URL asks for (the API answers up to
 * 100): at 100 rows the admin reviews page was 1.1 MB of HTML and Manage Order 490 KB, against a
 * budget of 300 KB per page (issue 13, ADR 042). People page through 50 rows; programs use the API.
 */
export const MAX_ROWS_ON_A_PAGE = 50;

/**
 * The paging part of a page's URL; a bad value falls back to the first page instead of failing the page,
 * and a page size over `maxRows` (lists of long texts show fewer) shows that many. `prefix` tells two
 * lists on one page apart (`?spage=2&scursor=…`).
 */
export function readPageQuery(params: SearchParams, defaultPageSize = 25, prefix = "", maxRows = MAX_ROWS_ON_A_PAGE): PageQuery {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const schema = pageQuerySchema(defaultPageSize);
  const parsed = schema.safeParse({
    page: first(params[`${prefix}page`]),
    pageSize: first(params[`${prefix}pageSize`]),
    cursor: first(params[`${prefix}cursor`]),
  });
  const query = parsed.success ? parsed.data : schema.parse({});
  return { ...query, pageSize: Math.min(query.pageSize, maxRows) };
}

/**
 * The page size a list's links carry (`pageSize=`), so that Next, Previous and First show pages of the
 * size the reader chose and "Page x of y" stays right: the size shown, when it is not the list's default.
 */
export function keptPageSize(query: PageQuery, defaultPageSize: number): number | undefined {
  return query.pageSize === defaultPageSize ? undefined : query.pageSize;
}

/**
 * Where a list is (`{prefix}page`, `{prefix}cursor`) as parameters for another list's links on the same
 * page, so that moving through one keeps the other where it is; nothing on the first page.
 */
export function listPosition(query: PageQuery, prefix: string): Record<string, string | number | undefined> {
  return query.page > 1 ? { [`${prefix}page`]: query.page, [`${prefix}cursor`]: query.cursor } : {};
}

/** `path?filters&page=&cursor=` without empty values, and without page=1 so the first page has one URL. */
export function listHref(path: string, filters: Record<string, string | number | undefined>, page = 1, cursor?: string, prefix = ""): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined && value !== "") params.set(name, String(value));
  if (page > 1) params.set(`${prefix}page`, String(page));
  if (page > 1 && cursor) params.set(`${prefix}cursor`, cursor);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
