import "server-only";
import { asc, desc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { pageCountOf, type Page, type PageQuery } from "@/models/paging";

/**
 * Keyset ("seek") pagination: a page starts right after (or before) the last row the reader saw, found
 * through the index on (sort key, id) instead of counting and skipping every earlier row as OFFSET does.
 * A row added or removed on an earlier page therefore never shifts the next page by one.
 * https://use-the-index-luke.com/no-offset
 */

export type Cursor = { key: string; id: string; dir: "after" | "before" };

const cursorSchema = z.tuple([z.string().max(200), z.string().min(1).max(200), z.enum(["a", "b"])]);

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id, cursor.dir === "after" ? "a" : "b"])).toString("base64url");
}

function invalidCursor(): AppError {
  return new AppError("invalid", "This page link is not valid. Go back to the first page.", { cursor: "This page link is not valid" });
}

/** The cursor of a page link; a tampered or truncated one is a 422, never a 500. */
export function decodeCursor(text: string): Cursor {
  let parsed: [string, string, "a" | "b"];
  try {
    parsed = cursorSchema.parse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
  } catch {
    throw invalidCursor();
  }
  const [key, id, dir] = parsed;
  // PostgreSQL refuses NUL in text: the query would fail, so the link is refused before it is asked.
  if (key.includes("\u0000") || id.includes("\u0000")) throw invalidCursor();
  return { key, id, dir: dir === "a" ? "after" : "before" };
}

// The text form PostgreSQL gives a timestamptz (`2026-11-26 07:28:30.059+00`), or ISO 8601.
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?)$/;
const INT4_MAX = 2_147_483_647;

/**
 * Whether a cursor's key can be cast to its column's type: a tampered key (`'garbage'::timestamptz`,
 * the 31st of February, an integer past int4) would make the database fail the query with a 500.
 */
export function isValidKey(key: string, keyType: KeysetSort["keyType"]): boolean {
  if (keyType === "text") return true;
  if (keyType === "integer") return /^-?\d{1,10}$/.test(key) && Math.abs(Number(key)) <= INT4_MAX;
  const match = TIMESTAMP.exec(key);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match.slice(1, 9).map((part) => Number(part ?? "0")) as [number, number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  );
}

export type KeysetSort = {
  /** The sort column; `id` breaks ties so the order is total. */
  key: AnyColumn;
  /** How the key's text form (read with ::text) is cast back when compared. */
  keyType: "timestamptz" | "text" | "integer";
  id: AnyColumn;
  direction: "asc" | "desc";
};

/** Columns to select beside a keyset list's own: the row's position as text, exactly as stored (microseconds included). */
export function keysetColumns(sort: KeysetSort) {
  return { cursorKey: sql<string>`(${sort.key})::text`, cursorId: sql<string>`(${sort.id})::text` };
}

export type KeysetPlan = { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number; cursor: Cursor | undefined };

/**
 * What to ask the database for one page: with a cursor, the rows past it (the index seeks there); without
 * one (page 1, or a page number typed into the address bar), an offset. One row more than the page is
 * read to know whether another page follows.
 */
export function planKeyset(sort: KeysetSort, query: PageQuery): KeysetPlan {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (cursor && !isValidKey(cursor.key, sort.keyType)) throw invalidCursor();
  const backwards = cursor?.dir === "before";
  const direction = backwards ? (sort.direction === "asc" ? "desc" : "asc") : sort.direction;
  const compare = direction === "desc" ? "<" : ">";
  const where = cursor
    ? sql`(${sort.key}, ${sort.id}) ${sql.raw(compare)} (${cursor.key}::${sql.raw(sort.keyType)}, ${cursor.id})`
    : undefined;
  const orderBy = direction === "desc" ? [desc(sort.key), desc(sort.id)] : [asc(sort.key), asc(sort.id)];
  return { where, orderBy, limit: query.pageSize + 1, offset: cursor ? 0 : (query.page - 1) * query.pageSize, cursor };
}

/** The page from the rows a plan read (in the plan's order), with cursors to its neighbours. */
export function keysetPage<R extends { cursorKey: string; cursorId: string }, T>(
  rows: R[],
  plan: KeysetPlan,
  query: PageQuery,
  total: number,
  toItem: (row: R) => T,
): Page<T> {
  const backwards = plan.cursor?.dir === "before";
  const more = rows.length > query.pageSize;
  const slice = rows.slice(0, query.pageSize);
  if (backwards) slice.reverse();
  const first = slice[0];
  const last = slice[slice.length - 1];
  const hasNext = backwards ? true : more;
  const hasPrevious = backwards ? more || query.page > 1 : query.page > 1;
  return {
    items: slice.map(toItem),
    page: query.page,
    pageSize: query.pageSize,
    total,
    pageCount: pageCountOf(total, query.pageSize),
    nextCursor: hasNext && last ? encodeCursor({ key: last.cursorKey, id: last.cursorId, dir: "after" }) : null,
    prevCursor: hasPrevious && first ? encodeCursor({ key: first.cursorKey, id: first.cursorId, dir: "before" }) : null,
  };
}

/** A page of a list that pages by offset (small lists, or lists sorted by a key without an index-ordered seek). */
export function offsetPage<T>(items: T[], query: PageQuery, total: number): Page<T> {
  return {
    items,
    page: query.page,
    pageSize: query.pageSize,
    total,
    pageCount: pageCountOf(total, query.pageSize),
    nextCursor: null,
    prevCursor: null,
  };
}
