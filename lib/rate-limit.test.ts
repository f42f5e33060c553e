import { and, eq, sql } from "drizzle-orm";
import { limitAuthRequest } from "@/lib/accounts/auth-limits";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { betterAuthRateLimitStorage, consumeRateLimit, rateLimitSweepSettled, RateLimitedError, withRateLimit } from "@/lib/rate-limit";
import { rateLimitHit } from "@/models/schema";

let n = 0;
const freshKey = () => `198.51.100.${(n += 1)}`;

async function refusal(promise: Promise<unknown>): Promise<RateLimitedError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RateLimitedError) return error;
    throw error;
  }
  throw new Error("expected a 429");
}

const invalid = async (): Promise<never> => {
  throw new AppError("invalid", "Text must be at least 10 characters.");
};
const ok = async () => "saved";

describe("consumeRateLimit", () => {
  it("lets 30 sign-in attempts through per address and refuses the 31st with when to come back", async () => {
    const key = freshKey();
    const since = Date.now();
    for (let i = 0; i < 30; i += 1) await consumeRateLimit("signIn", key);
    const refused = await refusal(consumeRateLimit("signIn", key));
    expect(refused.kind).toBe("rate_limited");
    // Until the oldest of the 30 attempts leaves the 15-minute window.
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(Math.floor(900 - (Date.now() - since) / 1000 - 1));
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(900);
    expect(refused.headers["Retry-After"]).toBe(String(refused.retryAfterSeconds));
    expect(refused.message).toBe(`Too many attempts. Please try again in ${Math.ceil(refused.retryAfterSeconds / 60)} minutes.`);
    await expect(consumeRateLimit("signIn", freshKey())).resolves.toBeUndefined();
  });

  it("is a sliding window: when the oldest attempt expires there is room for one more", async () => {
    const key = freshKey();
    for (let i = 0; i < 5; i += 1) await withRateLimit("contact", key, ok);
    await refusal(withRateLimit("contact", key, ok));
    const db = await getDb();
    const [oldest] = await db
      .select({ id: rateLimitHit.id })
      .from(rateLimitHit)
      .where(and(eq(rateLimitHit.bucket, "contact"), eq(rateLimitHit.key, key)))
      .orderBy(rateLimitHit.id)
      .limit(1);
    await db.update(rateLimitHit).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(rateLimitHit.id, oldest!.id));
    await expect(withRateLimit("contact", key, ok)).resolves.toBe("saved");
    await refusal(withRateLimit("contact", key, ok));
  });

  it("deletes expired rows as they age out instead of clearing everything", async () => {
    const db = await getDb();
    const stale = freshKey();
    const live = freshKey();
    await consumeRateLimit("signIn", stale);
    await consumeRateLimit("signIn", live);
    await db.update(rateLimitHit).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(rateLimitHit.key, stale));
    (globalThis as { __toolforgeRateLimitSweep?: number }).__toolforgeRateLimitSweep = undefined;
    await consumeRateLimit("signIn", freshKey());
    await rateLimitSweepSettled();
    const keys = (await db.select({ key: rateLimitHit.key }).from(rateLimitHit)).map((row) => row.key);
    expect(keys).not.toContain(stale);
    expect(keys).toContain(live);
  });
});

describe("withRateLimit: accepted and rejected submissions are counted apart", () => {
  it("five typos do not use up the allowance of valid submissions", async () => {
    const key = freshKey();
    for (let i = 0; i < 5; i += 1) await expect(withRateLimit("review", key, invalid)).rejects.toThrow("at least 10 characters");
    for (let i = 0; i < 5; i += 1) await expect(withRateLimit("review", key, ok)).resolves.toBe("saved");
    const refused = await refusal(withRateLimit("review", key, ok));
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(600);
  });

  it("rejected submissions have their own, higher cap; past it nothing is even tried", async () => {
    const key = freshKey();
    for (let i = 0; i < 20; i += 1) await expect(withRateLimit("contact", key, invalid)).rejects.toBeInstanceOf(AppError);
    let ran = false;
    await refusal(
      withRateLimit("contact", key, async () => {
        ran = true;
        return "saved";
      }),
    );
    expect(ran).toBe(false);
  });

  it("counts a failure the route reports through its answer as rejected", async () => {
    const key = freshKey();
    const failed = async () => new Response(null, { status: 422 });
    for (let i = 0; i < 10; i += 1) await withRateLimit("registration", key, failed, (answer) => answer.ok);
    const created = async () => new Response(null, { status: 200 });
    for (let i = 0; i < 5; i += 1) expect((await withRateLimit("registration", key, created, (answer) => answer.ok)).status).toBe(200);
    await refusal(withRateLimit("registration", key, created, (answer) => answer.ok));
  });

  it("holds under concurrency: of twelve submissions at once exactly five are accepted", async () => {
    const key = freshKey();
    const slow = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return "saved";
    };
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => withRateLimit("newsletter", key, slow)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(results.filter((r) => r.status === "rejected" && r.reason instanceof RateLimitedError)).toHaveLength(7);
  });

  it("counts a submission still being handled as accepted", async () => {
    const key = freshKey();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = Array.from({ length: 5 }, () => withRateLimit("contact", key, () => gate.then(() => "saved")));
    // Wait until all five hold their slot.
    const db = await getDb();
    for (let i = 0; i < 100; i += 1) {
      const rows = await db.select().from(rateLimitHit).where(and(eq(rateLimitHit.key, key), eq(rateLimitHit.outcome, "pending")));
      if (rows.length === 5) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await refusal(withRateLimit("contact", key, ok));
    release();
    await Promise.all(running);
  });
});

describe("better-auth's limiter on the shared table", () => {
  it("answers its consume() atomically with a retry time", async () => {
    const key = `${freshKey()}|/sign-in/email`;
    const rule = { window: 10, max: 3 };
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await betterAuthRateLimitStorage.consume(key, rule));
    expect(answers.slice(0, 3).every((a) => a.allowed)).toBe(true);
    expect(answers[3]?.allowed).toBe(false);
    expect(answers[3]?.retryAfter).toBeGreaterThan(0);
    expect(answers[3]?.retryAfter).toBeLessThanOrEqual(10);
  });

  it("turns better-auth's own 429 into one with Retry-After and a message saying when", async () => {
    const request = new Request("http://localhost:3000/api/auth/request-password-reset", { method: "POST", headers: { "x-forwarded-for": freshKey() } });
    const limited = async () => new Response(JSON.stringify({ message: "Too many requests. Please try again later." }), { status: 429, headers: { "X-Retry-After": "42" } });
    const refused = await refusal(limitAuthRequest(request, limited));
    expect(refused.headers["Retry-After"]).toBe("42");
    expect(refused.message).toBe("Too many attempts. Please try again in 42 seconds.");
  });
});
