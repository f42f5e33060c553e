import "server-only";
import { isIPv6 } from "node:net";
import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { ipv6Groups } from "@/lib/ipv6";
import { log } from "@/lib/log";
import { rateLimitHit } from "@/models/schema";
import { noteRateLimitRefusal } from "@/server/request-context.mjs";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type Limit = {
  /** Attempts counted per window: accepted ones where a route says which happened, else every one. */
  max: number;
  windowMs: number;
  /**
   * Rejected submissions (invalid input, refused by the service) per window, counted apart from the
   * accepted ones so that mistakes never use up a person's allowance of valid submissions. Past it,
   * every attempt is refused until old ones expire.
   */
  rejectedMax?: number;
};

/** What one client address or one account may do (docs/decisions/019). */
export const LIMITS = {
  signIn: { max: 30, windowMs: 15 * MINUTE },
  registration: { max: 5, windowMs: HOUR, rejectedMax: 20 },
  upload: { max: 30, windowMs: HOUR, rejectedMax: 60 },
  contact: { max: 5, windowMs: 10 * MINUTE, rejectedMax: 20 },
  newsletter: { max: 5, windowMs: 10 * MINUTE, rejectedMax: 20 },
  review: { max: 5, windowMs: 10 * MINUTE, rejectedMax: 20 },
  // Text messages cost money and reach a stranger's phone: a few codes per number, more per client.
  phoneCodePerNumber: { max: 3, windowMs: 15 * MINUTE },
  phoneCodePerClient: { max: 10, windowMs: HOUR },
  // Wrong sign-in codes per number, from any address: 3 codes of 5 tries each every 15 minutes would
  // allow about 1,400 guesses a day at a 6-digit code; this allows 10. Only a code checked and found
  // wrong counts (lib/accounts/phone.ts); right codes are not limited here.
  phoneCodeTries: { max: 1_000, windowMs: 24 * HOUR, rejectedMax: 10 },
  // Account emails: the resend button per account; reset and sign-in links per client and per address
  // (so nobody can fill a stranger's inbox); link redemptions per client.
  verificationEmail: { max: 3, windowMs: 15 * MINUTE },
  accountEmailRequest: { max: 10, windowMs: 15 * MINUTE },
  accountEmailTo: { max: 3, windowMs: 15 * MINUTE },
  accountLinkUse: { max: 20, windowMs: 15 * MINUTE },
  emailChange: { max: 5, windowMs: 15 * MINUTE },
  // Stripe payment checks per account: each one asks Stripe, whose request allowance every customer's
  // payment shares. A check of an id Stripe does not know counts apart, against the lower figure.
  paymentConfirm: { max: 300, windowMs: 15 * MINUTE, rejectedMax: 20 },
} satisfies Record<string, Limit>;

export type RateLimitBucket = keyof typeof LIMITS;

/** "45 seconds", "1 minute", "7 minutes". */
function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** A 429 that says when to come back, in its message and in Retry-After (RFC 9110 §10.2.3). */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  override readonly headers: Record<string, string>;

  constructor(retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super("rate_limited", `Too many attempts. Please try again in ${describeWait(seconds)}.`);
    this.retryAfterSeconds = seconds;
    this.headers = { "Retry-After": String(seconds) };
  }
}

type Decision = { allowed: true; id: number } | { allowed: false; retryAfterSeconds: number };

// Any constant: it only separates these advisory locks from others taken on the same database.
const LOCK_SEED = 727_002;
const SWEEP_EVERY_MS = MINUTE;
const sweep = globalThis as unknown as { __toolforgeRateLimitSweep?: number };

/** Seconds until enough of the oldest `counted` attempts expire to leave room under `max`. */
function secondsUntilRoom(secondsLeft: number[], max: number): number | null {
  if (secondsLeft.length < max) return null;
  return secondsLeft[secondsLeft.length - max] ?? 1;
}

/**
 * Counts one attempt if the limit leaves room, in one transaction that holds an advisory lock on
 * (bucket, key): concurrent requests on any instance are decided one after the other, so none can
 * slip past the limit between the count and the insert. Times come from the database's clock, so
 * instances with drifting clocks agree.
 */
async function reserve(bucket: string, key: string, limit: Limit, outcome: "pending" | "accepted"): Promise<Decision> {
  const db = await getDb();
  const decision = await db.transaction(async (tx): Promise<Decision> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${bucket}|${key}`}, ${LOCK_SEED}))`);
    const live = await tx
      .select({
        outcome: rateLimitHit.outcome,
        secondsLeft: sql<number>`ceil(extract(epoch from (${rateLimitHit.expiresAt} - now())))::int`,
      })
      .from(rateLimitHit)
      .where(and(eq(rateLimitHit.bucket, bucket), eq(rateLimitHit.key, key), gt(rateLimitHit.expiresAt, sql`now()`)))
      .orderBy(rateLimitHit.expiresAt);
    const counted = live.filter((row) => row.outcome !== "rejected").map((row) => Number(row.secondsLeft));
    const rejected = live.filter((row) => row.outcome === "rejected").map((row) => Number(row.secondsLeft));
    const waits = [secondsUntilRoom(counted, limit.max), limit.rejectedMax === undefined ? null : secondsUntilRoom(rejected, limit.rejectedMax)];
    const wait = Math.max(...waits.map((w) => w ?? 0));
    if (waits.some((w) => w !== null)) return { allowed: false, retryAfterSeconds: wait };
    const [row] = await tx
      .insert(rateLimitHit)
      .values({ bucket, key, outcome, expiresAt: sql`now() + ${limit.windowMs}::int * interval '1 millisecond'` })
      .returning({ id: rateLimitHit.id });
    if (!row) throw new Error("rate limit row was not inserted");
    return { allowed: true, id: row.id };
  });
  // Not awaited: the request that happens to come first in a minute does not wait for the clean-up.
  lastSweep = sweepExpired();
  return decision;
}

let lastSweep: Promise<void> = Promise.resolve();

/** Resolves once the latest sweep of expired rows has finished (tests). */
export function rateLimitSweepSettled(): Promise<void> {
  return lastSweep;
}

/** The most expired rows one sweep deletes: after a flood, a single DELETE of them all ran past the statement time-out every time. */
const SWEEP_BATCH = 5_000;

/**
 * Expired rows are deleted as they age out: at most once a minute per process, and at most
 * SWEEP_BATCH at a time (on the expires_at index), so a sweep is short whatever a flood left behind.
 */
async function sweepExpired(): Promise<void> {
  const now = Date.now();
  if (sweep.__toolforgeRateLimitSweep !== undefined && now - sweep.__toolforgeRateLimitSweep < SWEEP_EVERY_MS) return;
  sweep.__toolforgeRateLimitSweep = now;
  try {
    const db = await getDb();
    const batch = db.select({ id: rateLimitHit.id }).from(rateLimitHit).where(lt(rateLimitHit.expiresAt, sql`now()`)).limit(SWEEP_BATCH);
    await db.delete(rateLimitHit).where(inArray(rateLimitHit.id, batch));
  } catch (error) {
    log("warn", "removing expired rate limit rows failed", { error: error instanceof Error ? error.message : String(error) });
  }
}

async function settle(id: number, outcome: "accepted" | "rejected"): Promise<void> {
  try {
    await (await getDb()).update(rateLimitHit).set({ outcome }).where(eq(rateLimitHit.id, id));
  } catch (error) {
    // The attempt stays "pending", which counts as accepted until it expires: the safe side.
    log("warn", "recording a rate-limited attempt's outcome failed", { error: error instanceof Error ? error.message : String(error) });
  }
}

function refuse(bucket: string, retryAfterSeconds: number): never {
  noteRateLimitRefusal(bucket);
  throw new RateLimitedError(retryAfterSeconds);
}

/**
 * Counts one attempt against `bucket` for `key` (a client address or an account id), or throws a
 * 429 RateLimitedError when the window is full. For limits where every attempt counts alike.
 */
export async function consumeRateLimit(bucket: RateLimitBucket, key: string): Promise<void> {
  const decision = await reserve(bucket, key, LIMITS[bucket], "accepted");
  if (!decision.allowed) refuse(bucket, decision.retryAfterSeconds);
}

/**
 * Runs a submission under a limit that counts accepted and rejected submissions apart. A slot is
 * taken before `work` starts (so concurrent submissions cannot overshoot the limit); when `work`
 * resolves and `isAccepted` says so it is counted as accepted, otherwise (it threw, e.g. a 422, or
 * answered a failure) as rejected, against the separate, higher `rejectedMax`.
 */
export async function withRateLimit<T>(
  bucket: RateLimitBucket,
  key: string,
  work: () => Promise<T>,
  isAccepted: (result: T) => boolean = () => true,
): Promise<T> {
  const decision = await reserve(bucket, key, LIMITS[bucket], "pending");
  if (!decision.allowed) refuse(bucket, decision.retryAfterSeconds);
  let outcome: "accepted" | "rejected" = "rejected";
  try {
    const result = await work();
    if (isAccepted(result)) outcome = "accepted";
    return result;
  } finally {
    await settle(decision.id, outcome);
  }
}

/**
 * better-auth's own limiter (per path: a few sign-in attempts per 10 s, reset mails per minute…)
 * stored in the same table, so it counts across instances instead of per process.
 * https://www.better-auth.com/docs/concepts/rate-limit
 */
export const betterAuthRateLimitStorage = {
  async consume(key: string, rule: { window: number; max: number }): Promise<{ allowed: boolean; retryAfter: number | null }> {
    const decision = await reserve("better-auth", key, { max: rule.max, windowMs: rule.window * 1000 }, "accepted");
    if (decision.allowed) return { allowed: true, retryAfter: null };
    noteRateLimitRefusal("better-auth");
    return { allowed: false, retryAfter: decision.retryAfterSeconds };
  },
};

/** "2001:db8:1:2::/64" for any address in that /64: one household or host, however many addresses it rotates through. */
function ipv6Network(address: string): string {
  return `${ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/**
 * The key for per-address limits: the client address the server resolved (server/index.mjs replaces
 * whatever X-Forwarded-For the client sent with exactly that address, see docs/decisions/018), with
 * IPv6 addresses grouped by their /64 network.
 */
export function clientKey(headers: Headers): string {
  const address = (headers.get("x-forwarded-for") ?? "").split(",").at(-1)?.trim() ?? "";
  if (isIPv6(address)) return ipv6Network(address);
  return address || "unknown";
}
