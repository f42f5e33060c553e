import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";
import { accountToken, type AccountTokenPurpose } from "@/models/schema";

const MINUTE = 60_000;

/** How long each kind of mailed link works (issue 10: reset 1 hour, email-link sign-in 15 minutes). */
export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  "verify-email": 24 * 60 * MINUTE,
  "change-email": 24 * 60 * MINUTE,
  "reset-password": 60 * MINUTE,
  "email-link": 15 * MINUTE,
};

export type AccountTokenRow = typeof accountToken.$inferSelect;
export type TokenState = "valid" | "expired" | "used" | "invalid";

/** 256 random bits, URL-safe; what the link carries. Only its hash is stored. */
function newRawToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(raw: string): string {
  return createHash("sha256").update(raw).digest("hex");
}

/** Creates a link token and answers the raw value to put in the mail. */
export async function issueToken(
  tx: Tx | Db,
  input: { purpose: AccountTokenPurpose; userId: string; email: string },
  now = new Date(),
): Promise<string> {
  const raw = newRawToken();
  await tx.insert(accountToken).values({
    id: newId("tok"),
    purpose: input.purpose,
    tokenHash: hashToken(raw),
    userId: input.userId,
    email: input.email,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[input.purpose]),
    createdAt: now,
  });
  return raw;
}

/** A link is valid strictly before its expiry: at exactly one hour a reset link has expired. */
function stateOf(row: AccountTokenRow | undefined, now: Date): TokenState {
  if (!row) return "invalid";
  if (row.usedAt) return "used";
  if (row.expiresAt.getTime() <= now.getTime()) return "expired";
  return "valid";
}

const LOOKS_LIKE_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** Reads a token without using it (pages show "expired" before the person types anything). */
export async function inspectToken(
  db: Tx | Db,
  purpose: AccountTokenPurpose,
  raw: string,
  now = new Date(),
): Promise<{ state: TokenState; row: AccountTokenRow | null }> {
  if (!LOOKS_LIKE_TOKEN.test(raw)) return { state: "invalid", row: null };
  const [row] = await db
    .select()
    .from(accountToken)
    .where(and(eq(accountToken.tokenHash, hashToken(raw)), eq(accountToken.purpose, purpose)));
  return { state: stateOf(row, now), row: row ?? null };
}

/**
 * What a mailed link's landing page shows before the press that uses it (mail scanners only fetch):
 * the token's state and, while it works, the address it was sent for.
 */
export async function describeLinkToken(
  db: Tx | Db,
  purpose: AccountTokenPurpose,
  raw: string,
  now = new Date(),
): Promise<{ state: TokenState; email: string | null }> {
  const { state, row } = await inspectToken(db, purpose, raw, now);
  return { state, email: state === "valid" ? (row?.email ?? null) : null };
}

export function tokenError(state: Exclude<TokenState, "valid">): AppError {
  const message = state === "expired" ? ACCOUNT_MESSAGES.linkExpired : state === "used" ? ACCOUNT_MESSAGES.linkUsed : ACCOUNT_MESSAGES.linkInvalid;
  return new AppError("invalid", message, { token: message }, { reason: state });
}

/**
 * Uses a token once. The conditional update is the single-use guarantee: of two requests racing
 * with the same link, exactly one gets the row back; the other reads "already used".
 */
export async function consumeToken(tx: Tx, purpose: AccountTokenPurpose, raw: string, now = new Date()): Promise<AccountTokenRow> {
  if (!LOOKS_LIKE_TOKEN.test(raw)) throw tokenError("invalid");
  const [used] = await tx
    .update(accountToken)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountToken.tokenHash, hashToken(raw)),
        eq(accountToken.purpose, purpose),
        isNull(accountToken.usedAt),
        gt(accountToken.expiresAt, now),
      ),
    )
    .returning();
  if (used) return used;
  const { state } = await inspectToken(tx, purpose, raw, now);
  throw tokenError(state === "valid" ? "used" : state);
}

/**
 * The links a new password ends: the password is what someone who fears for the account changes, so
 * a reset, sign-in or address-change link mailed before it (forwarded, or read in a shared inbox) no
 * longer opens the account.
 */
export const LINKS_A_NEW_PASSWORD_ENDS: AccountTokenPurpose[] = ["reset-password", "email-link", "change-email"];

/** Removes the account's other unused links of these kinds (a newer proof makes them pointless). */
export async function discardOtherTokens(tx: Tx, userId: string, purposes: AccountTokenPurpose[], keepId?: string): Promise<void> {
  for (const purpose of purposes) {
    const conditions = [eq(accountToken.userId, userId), eq(accountToken.purpose, purpose), isNull(accountToken.usedAt)];
    if (keepId) conditions.push(ne(accountToken.id, keepId));
    await tx.delete(accountToken).where(and(...conditions));
  }
}
