import "server-only";
import { AppError } from "@/lib/errors";

export type Limit = { max: number; windowMs: number };

/** What a script may send before it is slowed down. */
export const LIMITS = {
  contact: { max: 5, windowMs: 10 * 60_000 },
  newsletter: { max: 5, windowMs: 10 * 60_000 },
  review: { max: 5, windowMs: 10 * 60_000 },
  // Account emails: the resend button per account; reset and sign-in links per client and per address
  // (so nobody can fill a stranger's inbox); link redemptions per client.
  verificationEmail: { max: 3, windowMs: 15 * 60_000 },
  accountEmailRequest: { max: 10, windowMs: 15 * 60_000 },
  accountEmailTo: { max: 3, windowMs: 15 * 60_000 },
  accountLinkUse: { max: 20, windowMs: 15 * 60_000 },
  emailChange: { max: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

const store = globalThis as unknown as { __toolforgeRateLimits?: Map<string, number[]> };

function hits(): Map<string, number[]> {
  store.__toolforgeRateLimits ??= new Map();
  return store.__toolforgeRateLimits;
}

/**
 * Sliding-window limiter kept in this process. Behind a load balancer each instance counts on its
 * own, so the effective limit is max × instances: enough to stop a flood, documented in the README.
 */
export function consumeRateLimit(bucket: keyof typeof LIMITS, key: string, now = Date.now()): void {
  const limit = LIMITS[bucket];
  const id = `${bucket}:${key}`;
  const recent = (hits().get(id) ?? []).filter((t) => t > now - limit.windowMs);
  if (recent.length >= limit.max) {
    const retryInSeconds = Math.ceil(((recent[0] ?? now) + limit.windowMs - now) / 1000);
    const minutes = Math.max(1, Math.ceil(retryInSeconds / 60));
    throw new AppError("rate_limited", `Too many requests. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`);
  }
  recent.push(now);
  hits().set(id, recent);
  if (hits().size > 50_000) hits().clear();
}

/** The client address as the nearest proxy saw it; "direct" when the shop is reached without one. */
export function clientKey(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const first = forwarded?.split(",")[0]?.trim();
  return first || headers.get("x-real-ip") || "direct";
}
