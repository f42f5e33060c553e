import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { log } from "@/lib/log";
import { dropCachedPages } from "@/server/page-cache.mjs";

/**
 * "Something changed" notices between the shop's instances (docs/decisions/027). A write that changes
 * what every instance caches (the catalog and its stock) announces its topic once it
 * has committed. The announcing process drops its own caches at once; on PostgreSQL the notice also
 * goes out with NOTIFY on one channel, and every other instance's listener (./listener.ts) drops the
 * same caches when it arrives. On PGlite there is one instance, so the local part is all there is.
 */
export const CHANGE_CHANNEL = "toolforge_changes";

// "reviews": the public reviews' short-lived cache (lib/reviews), dropped everywhere when a review is
// written, hidden or shown, or a payment makes a verified buyer. What else a review shows (the
// author's name and photo) is written by other modules and shows within that cache's few seconds.
export const changeTopics = ["catalog", "reviews"] as const;
export type ChangeTopic = (typeof changeTopics)[number];

const noticeSchema = z.object({ topic: z.enum(changeTopics), origin: z.string().min(1).max(64) });

type Handler = { topic: ChangeTopic; run: () => void };
type Registry = {
  origin: string;
  handlers: Map<string, Handler>;
  send?: (payload: string) => Promise<void>;
  pending: Set<Promise<void>>;
};

// Next evaluates a module several times per process: one registry per process, on globalThis.
const store = globalThis as unknown as { __toolforgeChanges?: Registry };

function registry(): Registry {
  store.__toolforgeChanges ??= { origin: randomUUID(), handlers: new Map(), pending: new Set() };
  return store.__toolforgeChanges;
}

/**
 * Runs `run` whenever `topic` changes, here or on another instance. `key` names the subscription, so
 * a module evaluated twice replaces its handler instead of adding a second one.
 */
export function onChange(topic: ChangeTopic, key: string, run: () => void): void {
  registry().handlers.set(key, { topic, run });
}

function dispatch(topics: readonly ChangeTopic[]): void {
  // The server's copies of the public pages show the catalog and the reviews: any change drops them.
  dropCachedPages();
  for (const [key, handler] of registry().handlers) {
    if (!topics.includes(handler.topic)) continue;
    try {
      handler.run();
    } catch (error) {
      log("error", "change handler failed", { key, error: error instanceof Error ? error.message : String(error) });
    }
  }
}

/**
 * Tells every instance that `topic` changed. Call it after the writing transaction committed (a
 * notice before the commit would let another instance cache the old rows again). Never throws: the
 * write is done; a notice that cannot be sent is logged, and the caches' short lifetime bounds how
 * long another instance can lag.
 */
export function announceChange(topic: ChangeTopic): Promise<void> {
  dispatch([topic]);
  const { send, origin, pending } = registry();
  if (!send) return Promise.resolve();
  const sent = send(JSON.stringify({ topic, origin })).catch((error: unknown) => {
    log("warn", "change notice not sent", { topic, error: error instanceof Error ? error.message : String(error) });
  });
  pending.add(sent);
  void sent.finally(() => pending.delete(sent));
  return sent;
}

/** Handles a notice's payload as it arrives from the channel; our own notices were handled when sent. */
export function receiveNotice(payload: string | undefined): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload ?? "");
  } catch {
    parsed = undefined;
  }
  const notice = noticeSchema.safeParse(parsed);
  if (!notice.success) {
    log("warn", "ignored a malformed change notice", { channel: CHANGE_CHANNEL });
    return;
  }
  if (notice.data.origin === registry().origin) return;
  dispatch([notice.data.topic]);
}

/** After the listener lost its connection, notices may have been missed: drop everything. */
export function dropAllCaches(): void {
  dispatch(changeTopics);
}

/** Where announcements go besides this process (set while a PostgreSQL listener runs). */
export function setNoticeSender(send: ((payload: string) => Promise<void>) | undefined): void {
  registry().send = send;
}

/** Waits for notices still being sent (before the database closes). */
export async function flushNotices(): Promise<void> {
  await Promise.all([...registry().pending]);
}
