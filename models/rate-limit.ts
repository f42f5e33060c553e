import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per counted attempt against a rate limit, shared by every instance through the database.
 * A row counts until `expires_at` (its attempt time plus the limit's window): a sliding window that
 * needs no wholesale clear. `outcome` keeps accepted and rejected submissions apart; `pending` is an
 * attempt still being handled and counts as accepted until it is settled.
 */
export const rateLimitHit = pgTable(
  "rate_limit_hit",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    outcome: text("outcome", { enum: ["pending", "accepted", "rejected"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("rate_limit_hit_bucket_key_idx").on(t.bucket, t.key, t.expiresAt),
    index("rate_limit_hit_expires_at_idx").on(t.expiresAt),
  ],
);
