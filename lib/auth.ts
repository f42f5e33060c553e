import "server-only";
import { betterAuth } from "better-auth";
import { isAPIError } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { bearer } from "better-auth/plugins";
import { toolforgeAccounts } from "@/lib/accounts/auth-plugin";
import { getDb, type Db } from "@/lib/db/client";
import { getEnv, resolveAuthSecret, shopOrigins, type Env } from "@/lib/env";
import { log } from "@/lib/log";
import { authSchema } from "@/models/schema";

export const MIN_PASSWORD_LENGTH = 8;

function createAuth(db: Db, env: Env) {
  return betterAuth({
    appName: "ToolForge",
    telemetry: { enabled: false },
    logger: { level: env.NODE_ENV === "test" ? "error" : "warn" },
    baseURL: env.appUrl,
    secret: resolveAuthSecret(env),
    trustedOrigins: shopOrigins(env),
    database: drizzleAdapter(db, { provider: "pg", schema: authSchema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
    },
    socialProviders: env.socialProviders,
    session: {
      // No cookie cache: the session and the user's role are read from the database on every
      // request, so a role change or a sign-out elsewhere takes effect on the very next request.
      cookieCache: { enabled: false },
      // "Last seen" on /account/security is the session's updatedAt, refreshed at most this often.
      updateAge: 15 * 60,
    },
    rateLimit: {
      enabled: env.AUTH_RATE_LIMIT ?? env.NODE_ENV === "production",
      window: 10,
      max: 100,
    },
    onAPIError: {
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
    plugins: [toolforgeAccounts(), bearer()],
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
