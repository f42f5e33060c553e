import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { sendMailInBackground } from "@/lib/mail";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";
import { safeNextPath } from "@/models/next-path";
import { user } from "@/models/schema";
import { runAfterAnswer } from "./background";
import { emailLinkMail } from "./emails";
import { LINK_PATHS, linkUrl } from "./links";
import { proveMailbox } from "./mailbox";
import { consumeToken, describeLinkToken, discardOtherTokens, issueToken, tokenError, type TokenState } from "./tokens";

/**
 * "Email me a sign-in link" (the seed's signInWithEmailLink). The answer is the same whether or not
 * the address has an account, and comes before the lookup; only an existing, enabled account gets a
 * link. A link never creates an account: registration stays the one way in (it takes a photo).
 */
export function requestEmailLink(email: string, next: string, now = new Date()): void {
  runAfterAnswer("email link", async () => {
    const db = await getDb();
    const [row] = await db.select().from(user).where(eq(user.email, email));
    if (!row || row.disabledAt) return;
    const token = await issueToken(db, { purpose: "email-link", userId: row.id, email: row.email }, now);
    const params: Record<string, string> = { token };
    const safeNext = safeNextPath(next);
    if (safeNext !== "/") params.next = safeNext;
    sendMailInBackground(emailLinkMail(row, linkUrl(LINK_PATHS.emailLink, params)));
  });
}

/** What the landing page shows before the person presses "Sign in" (mail scanners only fetch). */
export async function describeEmailLink(rawToken: string, now = new Date()): Promise<{ state: TokenState; email: string | null }> {
  return describeLinkToken(await getDb(), "email-link", rawToken, now);
}

/**
 * Uses an email link up and answers the account to sign in. Called by the server-only better-auth
 * endpoint that then creates the session (lib/accounts/auth-plugin.ts).
 */
export async function consumeEmailLink(rawToken: string, now = new Date()): Promise<{ userId: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const token = await consumeToken(tx, "email-link", rawToken, now);
    const [row] = await tx.select().from(user).where(eq(user.id, token.userId));
    if (!row || row.email !== token.email) throw tokenError("invalid");
    if (row.disabledAt) throw new AppError("forbidden", ACCOUNT_MESSAGES.disabled, undefined, { reason: "disabled" });
    await proveMailbox(tx, row, now);
    await discardOtherTokens(tx, row.id, ["email-link"], token.id);
    return { userId: row.id };
  });
}
