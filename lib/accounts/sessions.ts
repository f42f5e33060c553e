import "server-only";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
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

/** At most this many are listed (newest activity first); sign-out of all others covers the rest. */
export const SESSION_LIST_LIMIT = 50;

/** The actor's own live sessions, this one first. */
export async function listSessions(actor: Actor, now = new Date()): Promise<{ items: SessionView[]; total: number }> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(session)
    .where(and(eq(session.userId, actor.userId), gt(session.expiresAt, now)))
    .orderBy(desc(session.updatedAt), desc(session.id));
  const items = rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    ipAddress: row.ipAddress || null,
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.updatedAt.toISOString(),
    current: row.id === actor.sessionId,
  }));
  items.sort((a, b) => Number(b.current) - Number(a.current));
  return { items: items.slice(0, SESSION_LIST_LIMIT), total: items.length };
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
