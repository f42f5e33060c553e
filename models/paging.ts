import { z } from "zod";
import { plainText } from "./catalog-limits";

/** No list answers more than this many rows at once, on a page or in the API. */
export const MAX_LIST_PAGE_SIZE = 100;

/**
 * A whole number from a query string: digits only ("0x10", "1e3" and "2.5" are refused rather than
 * read as 16, 1000 or cut to 2), and so is an empty value. A missing one takes the default.
 */
export const queryWholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      const trimmed = value.trim();
      return /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : trimmed;
    },
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );

/**
 * The paging part of every list query: `page` (from 1), `pageSize` (at most 100) and, for keyset lists,
 * the opaque `cursor` a previous page handed out (lib/db/keyset.ts).
 */
export function pageQuerySchema(defaultPageSize = 25) {
  return z.object({
    page: queryWholeNumber("Page", 1, 1_000_000).default(1),
    pageSize: queryWholeNumber("Page size", 1, MAX_LIST_PAGE_SIZE).default(defaultPageSize),
    cursor: z.string().trim().max(512, "This page link is not valid").optional().transform((v) => (v ? v : undefined)),
  });
}
export type PageQuery = { page: number; pageSize: number; cursor?: string | undefined };

/** One page of a list with the true number of rows in the whole list. */
export type Page<T> = {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
  /** Opaque links to the neighbouring pages of a keyset list; null where there is none (or the list pages by offset). */
  nextCursor: string | null;
  prevCursor: string | null;
};

export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Search text of an admin list: trimmed, empty means no search. Control characters (a NUL PostgreSQL
 * cannot compare) become spaces: a page reads its query leniently.
 */
export const searchTextSchema = z
  .string()
  .transform(plainText)
  .pipe(z.string().max(254, "Search text must be at most 254 characters"))
  .optional()
  .transform((v) => (v ? v : undefined));
