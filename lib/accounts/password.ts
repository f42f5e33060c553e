import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/service";
import { getAuth } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { deliverQueuedMail, queueMail } from "@/lib/mail";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";
import type { PasswordChange } from "@/models/accounts";
import { session } from "@/models/schema";
import { findPasswordHash, setPasswordHash } from "./credentials";
import { passwordChangedNotice } from "./emails";
import { discardOtherTokens, LINKS_A_NEW_PASSWORD_ENDS } from "./tokens";
import { beginPasswordAttempt, PasswordSignInLockedError, settlePasswordAttempt } from "./lockout";
import type { Actor } from "./roles";

/**
 * Changes the actor's password, which requires the current one. A wrong current password counts
 * toward the same lockout as a failed sign-in, so a stolen session cannot be used to guess it. Every
 * other session is signed out; this one stays. The notice to the address is written in the same
 * transaction, so the change and its notice commit together.
 */
export async function changePassword(actor: Actor, input: PasswordChange): Promise<void> {
  const db = await getDb();
  const current = await findPasswordHash(db, actor.userId);
  if (!current) throw new AppError("conflict", ACCOUNT_MESSAGES.noPasswordYet);
  try {
    await beginPasswordAttempt(db, actor.email);
  } catch (error) {
    if (error instanceof PasswordSignInLockedError) throw new AppError("rate_limited", error.message, { currentPassword: error.message });
    throw error;
  }
  const { password } = await (await getAuth()).$context;
  const matches = await password.verify({ hash: current, password: input.currentPassword });
  await settlePasswordAttempt(db, actor.email, matches);
  if (!matches) throw new AppError("invalid", ACCOUNT_MESSAGES.currentPasswordWrong, { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong });
  const hash = await password.hash(input.newPassword);
  const mailId = await db.transaction(async (tx) => {
    await setPasswordHash(tx, actor.userId, hash);
    await tx.delete(session).where(and(eq(session.userId, actor.userId), ne(session.id, actor.sessionId)));
    await discardOtherTokens(tx, actor.userId, LINKS_A_NEW_PASSWORD_ENDS);
    await recordAudit(tx, actor, { action: "user.password-changed", entity: "user", entityId: actor.userId, before: null, after: { otherSessionsSignedOut: true } });
    return queueMail(tx, passwordChangedNotice(actor, getEnv().appUrl));
  });
  deliverQueuedMail([mailId]);
}
