import "server-only";
import { randomBytes, scryptSync } from "node:crypto";
import { betterAuth } from "better-auth";
import { isAPIError } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { bearer } from "better-auth/plugins";
import { toolforgeAccounts } from "@/lib/accounts/auth-plugin";
import { phoneSignInPlugin, secondFactorEverywherePlugin, staffSignOnPlugin, twoFactorPlugin } from "@/lib/accounts/auth-plugins";
import { getDb, type Db } from "@/lib/db/client";
import { getEnv, resolveAuthSecret, shopOrigins, type Env } from "@/lib/env";
import { log } from "@/lib/log";
import { betterAuthRateLimitStorage } from "@/lib/rate-limit";
import { authSchema } from "@/models/schema";

export const MIN_PASSWORD_LENGTH = 8;

/**
 * Under jest only (NODE_ENV=test, which `next start` and `next dev` never set): a cheap scrypt, so
 * the hundreds of sign-ups in the suite do not each spend ~60 ms of CPU on a production-strength
 * hash. Everywhere else better-auth's own scrypt (N=16384, r=16) is used.
 */
function testPasswordHashing(env: Env) {
  if (env.NODE_ENV !== "test") return undefined;
  const derive = (password: string, salt: string) => scryptSync(password.normalize("NFKC"), salt, 32, { N: 16, r: 1, p: 1 }).toString("hex");
  return {
    hash: async (password: string) => {
      const salt = randomBytes(8).toString("hex");
      return `${salt}:${derive(password, salt)}`;
    },
    verify: async ({ hash, password }: { hash: string; password: string }) => {
      const [salt, key] = hash.split(":");
      return Boolean(salt && key) && derive(password, salt as string) === key;
    },
  };
}

function logPart(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Text for a log line: no escape sequences or other control characters, at most 300 characters. */
function plainLogText(text: string): string {
  return text.replace(/\u001b\[[0-9;]*[A-Za-z]/g, "").replace(/[\u0000-\u001f\u007f]/g, " ").slice(0, 300);
}

function createAuth(db: Db, env: Env) {
  return betterAuth({
    appName: "ToolForge",
    telemetry: { enabled: false },
    logger: {
      level: env.NODE_ENV === "test" ? "error" : "warn",
      disableColors: true,
      // better-auth says "error" of what a caller got wrong (a stale state, a refused callbackURL), and
      // its text is partly the caller's: one structured warning line, with the caller's part cut short
      // and stripped of control characters. Failures on our side are logged as errors by onAPIError.
      log: (_level, message, ...args) => {
        const details = args.filter((arg) => arg !== undefined && arg !== null).map(logPart).join(" ");
        log("warn", `better-auth: ${plainLogText(message)}`, details ? { details: plainLogText(details) } : {});
      },
    },
    baseURL: env.appUrl,
    secret: resolveAuthSecret(env),
    trustedOrigins: shopOrigins(env),
    database: drizzleAdapter(db, { provider: "pg", schema: authSchema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      password: testPasswordHashing(env),
    },
    socialProviders: env.socialProviders,
    account: {
      // A social or single sign-on identity joins an existing account with the same address only when
      // the provider says the address is verified and the account has verified it too.
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true, allowDifferentEmails: false },
    },
    session: {
      // No cookie cache: the session and the user's role are read from the database on every
      // request, so a role change or a sign-out elsewhere takes effect on the very next request.
      cookieCache: { enabled: false },
      // "Last seen" on /account/security is the session's updatedAt, refreshed at most this often.
      updateAge: 15 * 60,
    },
    // better-auth's per-path limiter, counted in the shared database table (not per process);
    // the shop's own limits for sign-in and sign-up sit in front of it (lib/accounts/auth-limits.ts).
    rateLimit: {
      enabled: env.AUTH_RATE_LIMIT ?? env.NODE_ENV === "production",
      window: 10,
      max: 100,
      customStorage: betterAuthRateLimitStorage,
      customRules: {
        // Read on every page view; nothing to guess there.
        "/get-session": false,
        // The two-factor plugin's own rule is 3 requests per 10 s per address and path: setting up
        // two-factor and signing in straight after, with one mistyped code, met it. Codes are guarded
        // by the shop's limits instead: 5 tries per sign-in, a 15-minute lock after 10 wrong codes in
        // a row, and the sign-in limit per address (lib/accounts/auth-limits.ts).
        "/two-factor/*": { window: 10, max: 10 },
      },
    },
    onAPIError: {
      // A provider sign-in that fails before its own errorCallbackURL is known (its state is missing or
      // expired: the link was opened in another browser) lands on the sign-in page, which says what
      // happened, not on better-auth's /error, which this shop does not serve (lib/accounts/auth-routes.ts).
      errorURL: "/login",
      // A refusal (wrong password, locked, closed link) is normal traffic that the request log already
      // records with its status; only a failure on our side is an error.
      onError: (error) => {
        if (isAPIError(error) && error.statusCode < 500) return;
        log("error", "auth endpoint failed", { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      },
    },
    advanced: {
      cookiePrefix: "toolforge",
      useSecureCookies: env.appUrl.startsWith("https://"),
    },
    // No admin plugin: roles, disabling and every other account change live in lib/accounts (ADR 014).
    plugins: [
      toolforgeAccounts(),
      // Only the signed token (the set-auth-token header, the cookie's value) is a bearer: the bare token
      // that get-session shows a page's scripts must not work from anywhere else.
      bearer({ requireSignature: true }),
      phoneSignInPlugin(),
      twoFactorPlugin(),
      staffSignOnPlugin(env),
      secondFactorEverywherePlugin(getDb),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const store = globalThis as unknown as { __toolforgeAuth?: Promise<Auth> };

/** The better-auth instance of this process, built on the shared database handle. */
export function getAuth(): Promise<Auth> {
  store.__toolforgeAuth ??= getDb().then((db) => createAuth(db, getEnv()));
  return store.__toolforgeAuth;
}

export function resetAuthForTests(): void {
  store.__toolforgeAuth = undefined;
}
