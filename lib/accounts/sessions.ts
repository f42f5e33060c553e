import "server-only";
import { isIPv6 } from "node:net";
import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { offsetPage } from "@/lib/db/keyset";
import { AppError } from "@/lib/errors";
import { ipv6Groups } from "@/lib/ipv6";
import { SESSION_PAGE_SIZE } from "@/models/accounts";
import type { Page, PageQuery } from "@/models/paging";
import { session } from "@/models/schema";
import type { Actor } from "./roles";
import { describeDevice } from "./user-agent";

export type SessionView = {
  id: string;
  device: string;
  ipAddress: string | null;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
};

/**
 * One page of the actor's own live sessions: this one first, then by last activity. The database
 * pages and counts them (an account signed in from a script may have thousands); "sign out of all
 * others" covers every page.
 */
export async function listSessions(actor: Actor, query: PageQuery = { page: 1, pageSize: SESSION_PAGE_SIZE }, now = new Date()): Promise<Page<SessionView>> {
  const db = await getDb();
  const live = and(eq(session.userId, actor.userId), gt(session.expiresAt, now));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(session)
      .where(live)
      .orderBy(desc(sql`${session.id} = ${actor.sessionId}`), desc(session.updatedAt), desc(session.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(session).where(live),
  ]);
  const items = rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    ipAddress: row.ipAddress ? shownAddress(row.ipAddress) : null,
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.updatedAt.toISOString(),
    current: row.id === actor.sessionId,
  }));
  return offsetPage(items, query, counted?.total ?? 0);
}

/**
 * An address as people write it: IPv6 in its short form ("::1", not eight groups of four digits, which
 * made the sessions list wider than a 320 px phone), and an IPv4 address carried in IPv6 as IPv4.
 *
 * better-auth keeps only the network of an IPv6 address (its first 64 bits, the rest zero), so such an
 * address is shown as that network ("2001:db8:1:2::/64"), not as an address nobody has. The loopback's
 * network, all zero, is shown as "localhost": it read "Address ::".
 */
export function shownAddress(address: string): string {
  if (!isIPv6(address)) return address;
  const short = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(short);
  if (mapped?.[1] && mapped[2]) {
    const high = parseInt(mapped[1], 16);
    const low = parseInt(mapped[2], 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  if (short === "::") return "localhost";
  return ipv6Groups(short).slice(4).every((group) => group === 0) ? `${short}/64` : short;
}

/** Signs one of the actor's sessions out (their current one too, if they choose it). */
export async function revokeSession(actor: Actor, sessionId: string): Promise<{ current: boolean }> {
  const db = await getDb();
  const removed = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, actor.userId)))
    .returning({ id: session.id });
  if (removed.length === 0) throw new AppError("not_found", "No session of yours has this id.");
  return { current: sessionId === actor.sessionId };
}

/** Signs every session of the actor out except the one making the request. */
export async function revokeOtherSessions(actor: Actor): Promise<{ signedOut: number }> {
  const db = await getDb();
  const removed = await db
    .delete(session)
    .where(and(eq(session.userId, actor.userId), ne(session.id, actor.sessionId)))
    .returning({ id: session.id });
  return { signedOut: removed.length };
}
