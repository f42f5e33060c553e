import "server-only";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { isStoredImageUrl } from "@/lib/storage";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";
import { passwordSchema } from "@/models/accounts";
import { user as userTable } from "@/models/schema";
import { applyAdminEmailsNow } from "./admin-emails";
import { isTwoFactorOn, recordTwoFactorChange } from "./two-factor-notice";
import { hasPassword } from "./credentials";
import { adoptAccountImage } from "./photo";
import { isRecentSignIn } from "./recent-sign-in";
import { consumeEmailLink } from "./email-link";
import { beginPasswordAttempt, PasswordSignInLockedError, settlePasswordAttempt } from "./lockout";
import { resetPasswordWithToken } from "./password-reset";
import { sendVerificationEmail, verifyEmailWithToken } from "./verification";

const PASSWORD_SIGN_IN = "/sign-in/email";

/**
 * The two-factor plugin's endpoints that check the signed-in account's password. A wrong one counts
 * toward the same per-address lockout as a failed sign-in, so a stolen session cannot guess it; an
 * account without a password needs a recent sign-in instead.
 */
const PASSWORD_CHECKS = new Set(["/two-factor/enable", "/two-factor/disable", "/two-factor/generate-backup-codes"]);

const passwordBody = z.looseObject({ password: z.string() });

/** The address whose lockout a password check in this request counts toward (kept from before to after the endpoint). */
const checkedAddress = new WeakMap<object, string>();

/**
 * The two-factor plugin's endpoints that can change how a signed-in account signs in: confirming a
 * setup turns the second factor on, disable turns it off, and new backup codes replace the old ones.
 * (verify-totp also finishes a sign-in; there is no session then, and nothing changes.)
 */
const TWO_FACTOR_CHANGES = new Set(["/two-factor/verify-totp", "/two-factor/disable", "/two-factor/generate-backup-codes"]);

/** The signed-in account and whether its second factor was on before a TWO_FACTOR_CHANGES request (kept from before to after). */
const twoFactorBefore = new WeakMap<object, { userId: string; on: boolean }>();

function logFailure(what: string, error: unknown): void {
  log("error", what, { error: error instanceof Error ? error.message : String(error) });
}

function emailOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const { email } = body as { email?: unknown };
  return typeof email === "string" && email.trim() !== "" ? email : null;
}

/** Refuses while the address is locked; otherwise counts the attempt as failed until it is settled. */
async function beginAttemptOrRefuse(email: string): Promise<void> {
  try {
    await beginPasswordAttempt(await getDb(), email);
  } catch (error) {
    if (!(error instanceof PasswordSignInLockedError)) throw error;
    throw new APIError("TOO_MANY_REQUESTS", { code: "ACCOUNT_LOCKED", message: error.message }, { "Retry-After": String(error.retryAfterSeconds) });
  }
}

async function refuseDisabled(userId: string): Promise<void> {
  const db = await getDb();
  const [row] = await db.select({ disabledAt: userTable.disabledAt }).from(userTable).where(eq(userTable.id, userId));
  if (row?.disabledAt) throw APIError.from("FORBIDDEN", { code: "ACCOUNT_DISABLED", message: ACCOUNT_MESSAGES.disabled });
}

/**
 * The shop's rules inside better-auth, so they hold whichever way a session or an account comes to
 * be (password, email link, social provider, later phone):
 * - the role and disabled fields (better-auth's admin plugin is not used: roles live in lib/accounts);
 * - a new account is a customer whose photo is one the shop stored, and gets a verification email;
 * - ADMIN_EMAILS promotes only verified addresses, once (lib/accounts/admin-emails.ts);
 * - a disabled account gets no session;
 * - password sign-in is locked per address after repeated failures (lib/accounts/lockout.ts), and
 *   the password checks of the two-factor endpoints count toward the same lock;
 * - three server-only endpoints sign a browser in after an email link or a password reset, and give
 *   the browser that verifies its own account's address a new session (better-auth sets the signed
 *   session cookie). They are not on the /api/auth allowlist and better-call does not route
 *   SERVER_ONLY endpoints: only the shop's own routes call them, through auth.api.
 */
export function toolforgeAccounts() {
  return {
    id: "toolforge-accounts",
    schema: {
      user: {
        fields: {
          role: { type: "string", required: false, input: false, defaultValue: "user" },
          disabledAt: { type: "date", required: false, input: false },
        },
      },
    },
    init() {
      return {
        options: {
          databaseHooks: {
            user: {
              create: {
                // A provider's photo (sign-in through a callback) is copied in and re-encoded like an
                // upload; any other image that is not one the shop stored is dropped.
                before: async (data: Record<string, unknown> & { image?: string | null }, ctx: { path?: string } | null) => ({
                  data: { ...data, role: "user", disabledAt: null, image: await adoptAccountImage(data.image, ctx?.path === "/callback/:id") },
                }),
                after: async (created: { id: string; email: string; name: string; emailVerified: boolean }) => {
                  try {
                    if (created.emailVerified) await applyAdminEmailsNow(await getDb(), created.id);
                    else await sendVerificationEmail(created);
                  } catch (error) {
                    logFailure("new account follow-up failed", error);
                  }
                },
              },
              update: {
                // However an update reaches better-auth, an account photo stays one the shop stored.
                before: async (data: Record<string, unknown> & { image?: string | null }) =>
                  "image" in data && data.image !== null && !isStoredImageUrl(data.image) ? { data: { ...data, image: undefined } } : undefined,
              },
            },
            session: {
              create: {
                before: async (session: { userId: string }) => {
                  await refuseDisabled(session.userId);
                },
                after: async (session: { userId: string }) => {
                  try {
                    await applyAdminEmailsNow(await getDb(), session.userId);
                  } catch (error) {
                    logFailure("ADMIN_EMAILS check failed", error);
                  }
                },
              },
            },
          },
        },
      };
    },
    hooks: {
      before: [
        {
          matcher: (ctx: { path?: string }) => ctx.path === PASSWORD_SIGN_IN,
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailOf(ctx.body);
            if (email) await beginAttemptOrRefuse(email);
          }),
        },
        {
          matcher: (ctx: { path?: string }) => PASSWORD_CHECKS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = await getSessionFromCtx(ctx);
            if (!signedIn) return;
            // An account without a password (made through a provider, or whose password the first
            // email link removed) is let through by the plugin with nothing to prove. Turning two-factor
            // off hands back a session made now (as confirming a setup that enable started does), which
            // would count as a fresh sign-in for an email change or a deletion; enable would let a stale
            // session put its own authenticator on the account. So a stale or stolen session of such an
            // account may use none of these.
            if (!(await hasPassword(signedIn.user.id))) {
              if (!isRecentSignIn({ signedInAt: new Date(signedIn.session.createdAt) })) {
                throw APIError.from("FORBIDDEN", { code: "RECENT_SIGN_IN_REQUIRED", message: ACCOUNT_MESSAGES.recentSignInRequired });
              }
              return;
            }
            // A request without a password guesses nothing (the plugin refuses it).
            if (!passwordBody.safeParse(ctx.body).success) return;
            await beginAttemptOrRefuse(signedIn.user.email);
            checkedAddress.set(ctx.context, signedIn.user.email);
          }),
        },
        {
          matcher: (ctx: { path?: string }) => TWO_FACTOR_CHANGES.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            // Only for the notice: a failure here must not refuse the change itself.
            try {
              const signedIn = await getSessionFromCtx(ctx);
              if (signedIn) twoFactorBefore.set(ctx.context, { userId: signedIn.user.id, on: await isTwoFactorOn(signedIn.user.id) });
            } catch (error) {
              logFailure("two-factor state could not be read before a change", error);
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx: { path?: string }) => TWO_FACTOR_CHANGES.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const before = twoFactorBefore.get(ctx.context);
            if (!before) return;
            twoFactorBefore.delete(ctx.context);
            const returned = ctx.context.returned;
            if (returned === undefined || isAPIError(returned)) return;
            try {
              const on = await isTwoFactorOn(before.userId);
              const change = ctx.path === "/two-factor/generate-backup-codes" ? "new-backup-codes" : on === before.on ? null : on ? "turned-on" : "turned-off";
              if (change) await recordTwoFactorChange(before.userId, change);
            } catch (error) {
              // The change itself is made; only its notice is missing, which the log shows.
              logFailure("two-factor change notice failed", error);
            }
          }),
        },
        {
          matcher: (ctx: { path?: string }) => ctx.path === PASSWORD_SIGN_IN,
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailOf(ctx.body);
            if (!email) return;
            const returned = ctx.context.returned;
            // A 403 (disabled account) still means the password was right.
            const failed = isAPIError(returned) && returned.statusCode !== 403;
            await settlePasswordAttempt(await getDb(), email, !failed);
          }),
        },
        {
          matcher: (ctx: { path?: string }) => PASSWORD_CHECKS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const email = checkedAddress.get(ctx.context);
            if (!email) return;
            checkedAddress.delete(ctx.context);
            // Only an answer that went through clears the count: any refusal, whatever its reason,
            // leaves this attempt counted, so no request can be shaped to reset the count.
            const returned = ctx.context.returned;
            await settlePasswordAttempt(await getDb(), email, returned !== undefined && !isAPIError(returned));
          }),
        },
      ],
    },
    endpoints: {
      signInWithEmailLink: createAuthEndpoint(
        "/toolforge/email-link",
        { method: "POST", body: z.object({ token: z.string() }), metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const { userId } = await consumeEmailLink(ctx.body.token);
          return startSession(ctx, userId);
        },
      ),
      verifyEmailFromLink: createAuthEndpoint(
        "/toolforge/verify-email",
        { method: "POST", body: z.object({ token: z.string() }), metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const current = await getSessionFromCtx(ctx, { disableRefresh: true });
          const browser = current ? { userId: current.user.id, sessionId: current.session.id } : null;
          const verified = await verifyEmailWithToken(ctx.body.token, browser);
          if (verified.renewSession) return startSession(ctx, verified.userId);
          return ctx.json({ user: null });
        },
      ),
      resetPasswordAndSignIn: createAuthEndpoint(
        "/toolforge/reset-password",
        { method: "POST", body: z.object({ token: z.string(), password: z.string() }), metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const password = passwordSchema.safeParse(ctx.body.password);
          if (!password.success) {
            const message = password.error.issues[0]?.message ?? "Use at least 8 characters";
            throw new AppError("invalid", message, { password: message });
          }
          const hash = await ctx.context.password.hash(password.data);
          const { userId } = await resetPasswordWithToken(ctx.body.token, hash);
          return startSession(ctx, userId);
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}

type EndpointContext = Parameters<typeof setSessionCookie>[0];

/** A new session for this browser, with better-auth's signed cookie. */
async function startSession(ctx: EndpointContext, userId: string) {
  const session = await ctx.context.internalAdapter.createSession(userId);
  const found = await ctx.context.internalAdapter.findUserById(userId);
  if (!session || !found) throw APIError.from("UNAUTHORIZED", { code: "FAILED_TO_CREATE_SESSION", message: ACCOUNT_MESSAGES.somethingWrong });
  await setSessionCookie(ctx, { session, user: found });
  return ctx.json({ user: { id: found.id, email: found.email, name: found.name } });
}
