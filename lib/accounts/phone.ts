import "server-only";
import { isAPIError } from "better-auth/api";
import { and, desc, eq, ne } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/service";
import { getAuth } from "@/lib/auth";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { AppError, isAppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { deliverQueuedMail, queueMail } from "@/lib/mail";
import { clientKey, consumeRateLimit, withRateLimit } from "@/lib/rate-limit";
import { SmsDeliveryError } from "@/lib/sms";
import type { PhoneCodeEntry } from "@/models/phone";
import { user, verification } from "@/models/schema";
import type { Actor } from "./actor";
import { PHONE_CODE } from "./auth-plugins";
import { runAfterAnswer } from "./background";
import { phoneAddedNotice, phoneRemovedNotice } from "./emails";
import { requireRecentSignIn } from "./recent-sign-in";

export const PHONE_CODE_SENT_MESSAGE = "If this number belongs to an account, a 6-digit code is on its way. It is valid for 5 minutes.";

const NO_CODE_MESSAGE = "There is no valid code for this number: it was used already, or a newer one replaced it. Request a new code.";
const EXPIRED_MESSAGE = "This code has expired: codes are valid for 5 minutes. Request a new code.";
const EXHAUSTED_MESSAGE = "Too many wrong tries for this code. Request a new code.";
const NOT_SENT_MESSAGE = "We could not send a text message to this number just now. Check the number and try again in a few minutes.";

type CodeFailure = "code_wrong" | "code_expired" | "code_used" | "code_tries_exhausted";

function codeError(reason: CodeFailure, message: string): AppError {
  return new AppError("invalid", message, { code: message }, { reason });
}

/** The phone-number plugin keeps the code and the wrong tries so far as `<code>:<tries>` under this identifier. */
async function triesLeft(phoneNumber: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(eq(verification.identifier, `phone-number-otp-${phoneNumber}`))
    .orderBy(desc(verification.createdAt))
    .limit(1);
  const used = Number(row?.value.split(":")[1] ?? PHONE_CODE.maxTries);
  return Math.max(0, PHONE_CODE.maxTries - (Number.isInteger(used) ? used : PHONE_CODE.maxTries));
}

/** A code better-auth compared with the one it sent, and found different. */
function isWrongCode(error: unknown): boolean {
  return isAPIError(error) && (error.body as { code?: string } | undefined)?.code === "INVALID_OTP";
}

/** One plain message for each way a code can fail, whatever words better-auth uses for it. */
async function explainCodeFailure(error: unknown, phoneNumber: string): Promise<never> {
  if (!isAPIError(error)) throw error;
  const code = (error.body as { code?: string } | undefined)?.code ?? "";
  switch (code) {
    case "INVALID_OTP": {
      const left = await triesLeft(phoneNumber);
      if (left === 0) throw codeError("code_wrong", "That code is not right, and it was the last try. Request a new code.");
      throw codeError("code_wrong", `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`);
    }
    case "OTP_EXPIRED":
      throw codeError("code_expired", EXPIRED_MESSAGE);
    case "TOO_MANY_ATTEMPTS":
      throw codeError("code_tries_exhausted", EXHAUSTED_MESSAGE);
    case "OTP_NOT_FOUND":
      throw codeError("code_used", NO_CODE_MESSAGE);
    case "PHONE_NUMBER_EXIST":
      throw new AppError("conflict", "This number already belongs to another account.", { phoneNumber: "This number already belongs to another account." });
    default:
      throw new AppError("invalid", error.message || "The code could not be checked. Request a new code.");
  }
}

async function findAccountByVerifiedPhone(phoneNumber: string): Promise<{ id: string } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.phoneNumber, phoneNumber), eq(user.phoneNumberVerified, true)));
  return row ?? null;
}

async function limitCodes(phoneNumber: string, client: string): Promise<void> {
  await consumeRateLimit("phoneCodePerClient", client);
  await consumeRateLimit("phoneCodePerNumber", phoneNumber);
}

/** Creates a code (replacing any earlier one for the number) and texts it. */
async function sendCode(phoneNumber: string): Promise<void> {
  const auth = await getAuth();
  try {
    await auth.api.sendPhoneNumberOTP({ body: { phoneNumber } });
  } catch (error) {
    if (error instanceof SmsDeliveryError) {
      // Phone numbers are personal data: the log keeps the provider's reason, not the number.
      log("warn", "text message not delivered", { error: error.message.replace(/\+?\d{6,}/g, "[number]") });
      throw new AppError("unavailable", NOT_SENT_MESSAGE);
    }
    throw error;
  }
}

/**
 * Texts a sign-in code to a number that a verified account holds. The answer is the same whether or
 * not one does, and a number no account holds gets no text: the form cannot be used to find out who
 * has an account, nor to send texts to strangers. The lookup and the text happen after the answer
 * (as for "forgot password"): waiting for the provider only when an account has the number, or
 * answering 503 only then when it refuses, would tell the two apart by the clock or the status.
 */
export async function requestPhoneSignInCode(phoneNumber: string, client: string): Promise<void> {
  await limitCodes(phoneNumber, client);
  runAfterAnswer("phone sign-in code", async () => {
    if (!(await findAccountByVerifiedPhone(phoneNumber))) return;
    try {
      await sendCode(phoneNumber);
    } catch (error) {
      // sendCode has logged the provider's reason; the person asks again when no text comes.
      if (isAppError(error) && error.kind === "unavailable") return;
      throw error;
    }
  });
}

export type PhoneSignIn = { setCookies: string[]; twoFactorRequired: boolean };

/**
 * Signs in with a texted code. An account with two-factor authentication gets the second-factor
 * challenge instead of a session (the two_factor cookie), exactly as after a password.
 */
export async function signInWithPhoneCode(input: PhoneCodeEntry, headers: Headers): Promise<PhoneSignIn> {
  // A code is a credential: every try counts against the address's sign-in limit, like a password,
  // and every wrong one against the number's own daily allowance, whichever addresses it comes from.
  await consumeRateLimit("signIn", clientKey(headers));
  if (!(await findAccountByVerifiedPhone(input.phoneNumber))) throw codeError("code_used", NO_CODE_MESSAGE);
  const auth = await getAuth();
  // Only a code checked and found wrong counts against the number: a try with no code outstanding (or
  // an expired one) guesses nothing, and counting it would let anyone shut the number's sign-in.
  const outcome = await withRateLimit(
    "phoneCodeTries",
    input.phoneNumber,
    async (): Promise<{ signedIn: PhoneSignIn } | { failed: unknown }> => {
      try {
        const result = await auth.api.verifyPhoneNumber({
          body: { phoneNumber: input.phoneNumber, code: input.code },
          headers,
          returnHeaders: true,
        });
        const body = result.response as { twoFactorRedirect?: boolean };
        return { signedIn: { setCookies: result.headers.getSetCookie(), twoFactorRequired: body.twoFactorRedirect === true } };
      } catch (error) {
        return { failed: error };
      }
    },
    (answer) => !("failed" in answer) || !isWrongCode(answer.failed),
  );
  if ("failed" in outcome) return explainCodeFailure(outcome.failed, input.phoneNumber);
  return outcome.signedIn;
}

export type AccountPhone = { phoneNumber: string | null };

export async function findAccountPhone(actor: Actor): Promise<AccountPhone> {
  const db = await getDb();
  const [row] = await db
    .select({ phoneNumber: user.phoneNumber, verified: user.phoneNumberVerified })
    .from(user)
    .where(eq(user.id, actor.userId));
  return { phoneNumber: row?.verified ? (row.phoneNumber ?? null) : null };
}

/** Texts a code to a number the signed-in person wants to sign in with. */
export async function requestPhoneVerificationCode(actor: Actor, phoneNumber: string, client: string): Promise<void> {
  // A new way into the account, as a new email address is: only from a recent sign-in.
  requireRecentSignIn(actor);
  await limitCodes(phoneNumber, client);
  const db = await getDb();
  const [taken] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.phoneNumber, phoneNumber), ne(user.id, actor.userId)));
  if (taken) {
    throw new AppError("conflict", "This number already belongs to another account.", { phoneNumber: "This number already belongs to another account." });
  }
  await sendCode(phoneNumber);
}

/**
 * Puts a number on the account once its code proves the person holds the phone, from a recent sign-in
 * only: a session taken over long ago must not add a way in that outlives a password change. The
 * change is audited and the account's address is told. (better-auth's plugin writes the number; the
 * audit entry and the mail follow in one transaction of our own just after.)
 */
export async function confirmPhoneNumber(actor: Actor, input: PhoneCodeEntry, headers: Headers): Promise<AccountPhone> {
  requireRecentSignIn(actor);
  const before = await findAccountPhone(actor);
  const auth = await getAuth();
  try {
    await auth.api.verifyPhoneNumber({
      body: { phoneNumber: input.phoneNumber, code: input.code, updatePhoneNumber: true },
      headers,
    });
  } catch (error) {
    return explainCodeFailure(error, input.phoneNumber);
  }
  const after = await findAccountPhone(actor);
  const added = after.phoneNumber;
  if (added && added !== before.phoneNumber) {
    const db = await getDb();
    const mailId = await db.transaction(async (tx) => {
      await recordAudit(tx, actor, {
        action: "user.phone-added",
        entity: "user",
        entityId: actor.userId,
        // The last four digits tell the numbers apart without keeping them whole in the log.
        before: before.phoneNumber ? { phoneEnding: before.phoneNumber.slice(-4) } : null,
        after: { phoneEnding: added.slice(-4) },
      });
      return queueMail(tx, phoneAddedNotice(actor, added, getEnv().appUrl));
    });
    deliverQueuedMail([mailId]);
  }
  return after;
}

export async function removePhoneNumber(actor: Actor): Promise<AccountPhone> {
  const db = await getDb();
  const mailId = await db.transaction(async (tx) => {
    const [removed] = await tx
      .update(user)
      .set({ phoneNumber: null, phoneNumberVerified: false, updatedAt: new Date() })
      .where(and(eq(user.id, actor.userId), eq(user.phoneNumberVerified, true)))
      .returning({ id: user.id });
    if (!removed) return null;
    await recordAudit(tx, actor, { action: "user.phone-removed", entity: "user", entityId: actor.userId, before: null, after: null });
    return queueMail(tx, phoneRemovedNotice(actor, getEnv().appUrl));
  });
  if (mailId) deliverQueuedMail([mailId]);
  return { phoneNumber: null };
}
