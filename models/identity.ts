import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./schema";

// Tables of lib/accounts beyond better-auth's own: the links the shop mails, and the password
// sign-in lockout. Re-exported by schema.ts, so one migration set covers them.

export const ACCOUNT_TOKEN_PURPOSES = ["verify-email", "reset-password", "email-link", "change-email"] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * A single-use link sent by email. Only a SHA-256 hash of the token is stored, so a copy of the
 * database cannot be used to reset a password or sign in. `used_at` keeps a used link apart from an
 * unknown one, so the person reads "already used" rather than "not valid".
 */
export const accountToken = pgTable(
  "account_token",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose", { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // The address the link was mailed to; for change-email, the new address it proves.
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_token_user_purpose_idx").on(t.userId, t.purpose)],
);

/**
 * One row per failed (or still running) password sign-in, keyed by the address typed rather than
 * the account, so an address with no account locks exactly like one with an account and the lock
 * reveals nothing. Rows older than the window are removed as new ones arrive.
 */
export const signInFailure = pgTable(
  "sign_in_failure",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_failure_email_created_idx").on(t.email, t.createdAt)],
);

/** Password sign-in for this address is refused until `locked_until`. */
export const signInLock = pgTable("sign_in_lock", {
  email: text("email").primaryKey(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }).notNull(),
});
