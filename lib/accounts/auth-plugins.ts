import "server-only";
import { randomInt } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString, symmetricDecrypt } from "better-auth/crypto";
import { genericOAuth, phoneNumber, twoFactor } from "better-auth/plugins";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { Env } from "@/lib/env";
import { sendTextMessage } from "@/lib/sms";
import { twoFactor as twoFactorTable } from "@/models/schema";
import { matchingTotpStep, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "./totp";

/** Phone sign-in codes: 6 digits, valid 5 minutes, at most 5 tries each (issue 10). */
export const PHONE_CODE = { digits: 6, ttlSeconds: 5 * 60, maxTries: 5 } as const;

/** How long a person has, after the first factor, to give the second one. */
export const SECOND_FACTOR_WINDOW_SECONDS = 10 * 60;

/** The id better-auth knows the staff single sign-on provider by: its callback is /api/auth/callback/oidc. */
export const OIDC_PROVIDER_ID = "oidc";

export function phoneCodeText(code: string): string {
  return `${code} is your ToolForge sign-in code. It is valid for 5 minutes. Never share it: we will never ask you for it.`;
}

/**
 * Phone one-time codes through better-auth's phone-number plugin. The shop calls its endpoints only
 * from lib/accounts/phone.ts (which validates, rate-limits and words the errors), never from a browser.
 */
export function phoneSignInPlugin() {
  return phoneNumber({
    otpLength: PHONE_CODE.digits,
    expiresIn: PHONE_CODE.ttlSeconds,
    allowedAttempts: PHONE_CODE.maxTries,
    sendOTP: async ({ phoneNumber: to, code }) => sendTextMessage({ to, text: phoneCodeText(code) }),
  });
}

/**
 * Backup codes are read off paper and typed by hand: lower case, without the characters people
 * mistake for each other (0/o, 1/l/i), "ab3cd-7efgh". 31^10 codes: about 49 bits each.
 */
const BACKUP_CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

export function generateBackupCodes(amount = 10): string[] {
  const codes = new Set<string>();
  while (codes.size < amount) {
    const chars = Array.from({ length: 10 }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]).join("");
    codes.add(`${chars.slice(0, 5)}-${chars.slice(5)}`);
  }
  return [...codes];
}

/** TOTP with 10 single-use backup codes (better-auth's two-factor plugin), encrypted at rest. */
export function twoFactorPlugin() {
  return twoFactor({
    issuer: "ToolForge",
    totpOptions: { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS },
    backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: "encrypted", customBackupCodesGenerate: () => generateBackupCodes(10) },
    // An account made through Google or single sign-on has no password to confirm with; one that has
    // a password must still give it.
    allowPasswordless: true,
    twoFactorCookieMaxAge: SECOND_FACTOR_WINDOW_SECONDS,
  });
}

/** Staff single sign-on through any OpenID Connect provider, found by discovery from its issuer. */
export function staffSignOnPlugin(env: Env) {
  const configured = env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET;
  return genericOAuth({
    config: configured
      ? [
          {
            providerId: OIDC_PROVIDER_ID,
            name: "Single sign-on",
            discoveryUrl: `${env.OIDC_ISSUER?.replace(/\/$/, "")}/.well-known/openid-configuration`,
            clientId: env.OIDC_CLIENT_ID as string,
            clientSecret: env.OIDC_CLIENT_SECRET,
            scopes: ["openid", "email", "profile"],
            pkce: true,
            // Identity comes from the ID token: refuse to run with one we cannot check.
            requireIdTokenVerification: true,
          },
        ]
      : [],
  });
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type MatchedContext = { path?: string; body?: unknown };

/** The user a TOTP code is being checked for: the signed-in user (enrolment) or the one mid sign-in. */
async function userBeingChecked(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!challenge) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(challenge);
  return pending?.value ?? null;
}

export const ID_TOKEN_SIGN_IN_MESSAGE =
  "Signing in with a provider's ID token is not available here. Use the provider's button on the sign-in page.";

/**
 * What the shop's provider buttons send to /sign-in/social (components/auth/provider-buttons.tsx):
 * the redirect flow only. better-auth's idToken branch makes a session straight
 * away, with no callback for the second-factor hook below to catch, so a body that carries one is
 * refused before better-auth reads it.
 */
const redirectSignInBody = z.looseObject({ idToken: z.never({ error: ID_TOKEN_SIGN_IN_MESSAGE }).optional() });

function refuseIdTokenSignIn(body: unknown): void {
  if (!redirectSignInBody.safeParse(body ?? {}).success) {
    throw new APIError("BAD_REQUEST", { code: "ID_TOKEN_SIGN_IN_CLOSED", message: ID_TOKEN_SIGN_IN_MESSAGE });
  }
}

export const TOTP_REUSED_MESSAGE = "This code has already been used. Wait for the next code in your authenticator app.";

/** The account's two-factor row and the time step the code in this request belongs to, if it matches one. */
async function codeStep(db: () => Promise<Db>, ctx: HookContext, userId: string | null) {
  const body = ctx.body as { code?: unknown } | undefined;
  const code = typeof body?.code === "string" ? body.code.trim() : "";
  if (!userId || !/^\d{6}$/.test(code)) return null;
  const handle = await db();
  const [row] = await handle.select().from(twoFactorTable).where(eq(twoFactorTable.userId, userId));
  if (!row) return null;
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
  const step = matchingTotpStep(Buffer.from(secret, "utf8"), code, Date.now());
  return step === null ? null : { handle, row, step };
}

/**
 * RFC 6238 §5.2: an authenticator code is accepted once. better-auth accepts a code for its whole
 * 90-second window, so a code whose time step is at or before the last step accepted for the account
 * is refused before better-auth sees it (and costs no try).
 */
async function refuseReusedTotp(db: () => Promise<Db>, ctx: HookContext): Promise<void> {
  const found = await codeStep(db, ctx, await userBeingChecked(ctx));
  if (found && found.row.lastTotpStep !== null && found.step <= found.row.lastTotpStep) {
    throw new APIError("UNAUTHORIZED", { code: "TOTP_CODE_REUSED", message: TOTP_REUSED_MESSAGE });
  }
}

/**
 * better-auth compares a backup code exactly. A code typed in another case (caps lock; the codes
 * given out before they were all lower case mixed both) or with spaces is matched to the stored
 * one here, and the request goes on with the stored spelling; a code that matches none goes on as
 * typed, and costs a try as before.
 */
async function matchBackupCodeSpelling(db: () => Promise<Db>, ctx: HookContext) {
  const body = ctx.body as { code?: unknown } | undefined;
  const typed = typeof body?.code === "string" ? body.code.replace(/\s+/g, "").toLowerCase() : "";
  if (!typed) return;
  const userId = await userBeingChecked(ctx);
  if (!userId) return;
  const [row] = await (await db()).select({ backupCodes: twoFactorTable.backupCodes }).from(twoFactorTable).where(eq(twoFactorTable.userId, userId));
  if (!row?.backupCodes) return;
  let codes: unknown;
  try {
    codes = JSON.parse(await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.backupCodes }));
  } catch {
    return;
  }
  const stored = Array.isArray(codes) ? codes.find((code): code is string => typeof code === "string" && code.toLowerCase() === typed) : undefined;
  if (stored && stored !== body?.code) return { context: { body: { ...(ctx.body as object), code: stored } } };
}

/**
 * Once better-auth has accepted a code, its step is recorded by one conditional UPDATE. Two requests
 * racing with the same code both get past the check above; only one wins the UPDATE, and the other's
 * fresh session is dropped again.
 */
async function recordAcceptedTotp(db: () => Promise<Db>, ctx: HookContext): Promise<void> {
  const returned = ctx.context.returned;
  if (returned === undefined || isAPIError(returned) || returned instanceof Response) return;
  const created = ctx.context.newSession;
  const userId = created?.user.id ?? (await getSessionFromCtx(ctx))?.user.id ?? null;
  const found = await codeStep(db, ctx, userId);
  if (!found) return;
  const claimed = await found.handle
    .update(twoFactorTable)
    .set({ lastTotpStep: found.step })
    .where(and(eq(twoFactorTable.id, found.row.id), or(isNull(twoFactorTable.lastTotpStep), lt(twoFactorTable.lastTotpStep, found.step))))
    .returning({ id: twoFactorTable.id });
  if (claimed.length > 0) return;
  if (created) {
    deleteSessionCookie(ctx, true);
    await ctx.context.internalAdapter.deleteSession(created.session.token);
    ctx.context.setNewSession(null);
  }
  throw new APIError("UNAUTHORIZED", { code: "TOTP_CODE_REUSED", message: TOTP_REUSED_MESSAGE });
}

/** Where a provider's callback was about to send the person, as a path on this site. */
function pendingRedirectPath(returned: unknown, baseURL: string): string {
  const location = isAPIError(returned) ? new Headers(returned.headers ?? undefined).get("location") : null;
  if (!location) return "/";
  try {
    const url = new URL(location, baseURL);
    return url.origin === new URL(baseURL).origin ? `${url.pathname}${url.search}` : "/";
  } catch {
    return "/";
  }
}

/**
 * better-auth's two-factor plugin asks for the second factor after a password sign-in only. The
 * shop's other ways in (a phone code, a social or single sign-on callback, an email link, a password
 * reset) are first factors too:
 * for an account with two-factor on, the session they made is dropped and the same challenge is
 * started (the plugin's signed `two_factor` cookie and its two verification rows), so the person
 * finishes with /two-factor/verify-totp or /two-factor/verify-backup-code like any other. The same
 * plugin makes each TOTP code count once, keeps the phone-number plugin's endpoints off HTTP, and
 * refuses /sign-in/social with an ID token (a way in that never passes a callback).
 */
export function secondFactorEverywherePlugin(db: () => Promise<Db>) {
  return {
    id: "shop-second-factor",
    hooks: {
      before: [
        {
          // The phone-number plugin's endpoints serve lib/accounts/phone.ts through auth.api only: over
          // HTTP they would send texts and check codes around its validation, limits and messages.
          matcher: (ctx: MatchedContext) => ctx.path === "/sign-in/phone-number" || (ctx.path?.startsWith("/phone-number/") ?? false),
          handler: createAuthMiddleware(async (ctx) => {
            if (ctx.request) throw new APIError("NOT_FOUND", { message: "Not found" });
          }),
        },
        {
          matcher: (ctx: MatchedContext) => ctx.path === "/sign-in/social",
          handler: createAuthMiddleware(async (ctx) => refuseIdTokenSignIn(ctx.body)),
        },
        {
          matcher: (ctx: MatchedContext) => ctx.path === "/two-factor/verify-totp",
          handler: createAuthMiddleware(async (ctx) => refuseReusedTotp(db, ctx)),
        },
        {
          matcher: (ctx: MatchedContext) => ctx.path === "/two-factor/verify-backup-code",
          handler: createAuthMiddleware(async (ctx) => matchBackupCodeSpelling(db, ctx)),
        },
      ],
      after: [
        {
          matcher: (ctx: MatchedContext) => ctx.path === "/two-factor/verify-totp",
          handler: createAuthMiddleware(async (ctx) => recordAcceptedTotp(db, ctx)),
        },
        {
          // The shop's email-link and password-reset sign-ins (lib/accounts/auth-plugin.ts) prove access
          // to the mailbox only: they are first factors like the others.
          matcher: (ctx: MatchedContext) =>
            ctx.path === "/callback/:id" ||
            ctx.path === "/toolforge/email-link" ||
            ctx.path === "/toolforge/reset-password" ||
            (ctx.path === "/phone-number/verify" && !(ctx.body as { updatePhoneNumber?: boolean } | undefined)?.updatePhoneNumber),
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession;
            if (!(signedIn?.user as { twoFactorEnabled?: boolean | null } | undefined)?.twoFactorEnabled || !signedIn) return;
            const returned = ctx.context.returned;
            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(signedIn.session.token);
            ctx.context.setNewSession(null);
            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + SECOND_FACTOR_WINDOW_SECONDS * 1000);
            await ctx.context.internalAdapter.createVerificationValue({ value: signedIn.user.id, identifier, expiresAt });
            await ctx.context.internalAdapter.createVerificationValue({ value: "0", identifier: `2fa-attempts-${identifier}`, expiresAt });
            const cookie = ctx.context.createAuthCookie("two_factor", { maxAge: SECOND_FACTOR_WINDOW_SECONDS });
            await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
            if (ctx.path === "/callback/:id") {
              const next = pendingRedirectPath(returned, ctx.context.baseURL);
              throw ctx.redirect(`/login?step=two-factor&next=${encodeURIComponent(next)}`);
            }
            return ctx.json({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
