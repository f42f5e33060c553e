import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/service";
import { getDb, type Tx } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { deliverQueuedMail, queueMail, sendMailInBackground } from "@/lib/mail";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";
import { session, user } from "@/models/schema";
import { applyAdminEmails } from "./admin-emails";
import { emailChangedNotice, emailChangeMail } from "./emails";
import { LINK_PATHS, linkUrl } from "./links";
import { requireRecentSignIn } from "./recent-sign-in";
import type { Actor } from "./roles";
import { consumeToken, discardOtherTokens, inspectToken, issueToken, tokenError, type TokenState } from "./tokens";
import type { OpeningBrowser } from "./verification";

function emailTaken(): AppError {
  return new AppError("conflict", ACCOUNT_MESSAGES.emailTaken, { email: ACCOUNT_MESSAGES.emailTaken });
}

async function isTakenByAnother(tx: Tx, email: string, userId: string): Promise<boolean> {
  const [other] = await tx.select({ id: user.id }).from(user).where(and(eq(user.email, email), ne(user.id, userId)));
  return Boolean(other);
}

/**
 * Starts an email change: nothing changes until the new address is proved by the link mailed to it,
 * so the account is never left on an address nobody reads. Needs a recent sign-in (the seed's
 * requires-recent-login): a session left open elsewhere cannot move the account to another mailbox.
 */
export async function requestEmailChange(actor: Actor, newEmail: string, now = new Date()): Promise<{ sentTo: string }> {
  requireRecentSignIn(actor, now);
  if (newEmail === actor.email) throw new AppError("invalid", ACCOUNT_MESSAGES.sameEmail, { email: ACCOUNT_MESSAGES.sameEmail });
  const db = await getDb();
  const token = await db.transaction(async (tx) => {
    if (await isTakenByAnother(tx, newEmail, actor.userId)) throw emailTaken();
    await discardOtherTokens(tx, actor.userId, ["change-email"]);
    return issueToken(tx, { purpose: "change-email", userId: actor.userId, email: newEmail }, now);
  });
  sendMailInBackground(emailChangeMail({ newEmail, oldEmail: actor.email, name: actor.name }, linkUrl(LINK_PATHS.confirmEmailChange, { token })));
  return { sentTo: newEmail };
}

/**
 * What the link sent to the new address would do, without using it: the page asks for one press
 * first, in a browser signed in to the account that asked (`userId`).
 */
export async function describeEmailChangeLink(rawToken: string, now = new Date()): Promise<{ state: TokenState; email: string | null; userId: string | null }> {
  const { state, row } = await inspectToken(await getDb(), "change-email", rawToken, now);
  return state === "valid" && row ? { state, email: row.email, userId: row.userId } : { state, email: null, userId: null };
}

/**
 * Opens the link sent to the new address, in `browser`: the account moves to it, verified, and the
 * old address is told by a notice written in the same transaction. It counts only where the account
 * that asked is signed in (ADR 044's rule for the verification link): opened anywhere else, by the
 * owner of an address a stranger asked for included, nothing happens and the link stays unused. The
 * account's other sessions end: whoever else was signed in to it does not follow it to the new address.
 */
export async function confirmEmailChange(rawToken: string, browser: OpeningBrowser, now = new Date()): Promise<{ email: string }> {
  const db = await getDb();
  const changed = await db.transaction(async (tx) => {
    const token = await consumeToken(tx, "change-email", rawToken, now);
    const [row] = await tx.select().from(user).where(eq(user.id, token.userId));
    if (!row) throw tokenError("invalid");
    // A disabled account cannot sign in (findActor has no actor for it): said first, not "sign in".
    if (row.disabledAt) throw new AppError("forbidden", ACCOUNT_MESSAGES.disabled, undefined, { reason: "disabled" });
    if (browser?.userId !== row.id) throw new AppError("forbidden", ACCOUNT_MESSAGES.confirmChangeSignedIn, undefined, { reason: "sign-in" });
    if (await isTakenByAnother(tx, token.email, row.id)) throw emailTaken();
    await tx.update(user).set({ email: token.email, emailVerified: true, updatedAt: now }).where(eq(user.id, row.id));
    await tx.delete(session).where(and(eq(session.userId, row.id), ne(session.id, browser.sessionId)));
    // Links mailed to the old address must not work any more.
    await discardOtherTokens(tx, row.id, ["verify-email", "reset-password", "email-link", "change-email"], token.id);
    await recordAudit(tx, { userId: row.id }, {
      action: "user.email-changed",
      entity: "user",
      entityId: row.id,
      before: { email: row.email, emailVerified: row.emailVerified },
      after: { email: token.email, emailVerified: true },
    });
    await applyAdminEmails(tx, row.id);
    const mailId = await queueMail(tx, emailChangedNotice({ oldEmail: row.email, newEmail: token.email, name: row.name }, getEnv().appUrl));
    return { newEmail: token.email, mailId };
  });
  deliverQueuedMail([changed.mailId]);
  return { email: changed.newEmail };
}
