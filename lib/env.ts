import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isTimeZone } from "@/models/dates";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** An operator's `.env` often has `NAME=` lines: an empty value means "not set", never an error. */
function emptyAsUnset(source: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(source).map(([k, v]) => [k, v?.trim() === "" ? undefined : v]));
}

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/**
 * How many unpaid orders one account may hold at once, unless ORDER_UNPAID_LIMIT says otherwise: room
 * for a few honest checkouts left unpaid, not for one account to hold the stock (ADR 045).
 */
export const DEFAULT_ORDER_UNPAID_LIMIT = 5;

function wholeNumber(min: number, max: number, message: string) {
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number({ error: "must be a port number" }).int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  APP_URL: optionalString.pipe(z.url({ error: "must be an absolute URL such as https://shop.example.com" }).optional()),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: "must be a comma-separated list of email addresses" }))),
  SEED_CATALOG: booleanFlag.default(true),
  // Bearer token Prometheus sends to GET /api/metrics; unset, the endpoint answers 404.
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  CLOUDINARY_URL: optionalString.pipe(
    z.string().regex(/^cloudinary:\/\/[^:]+:[^@]+@.+$/, "must look like cloudinary://key:secret@cloud_name").optional(),
  ),
  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional()),
  MAIL_FROM: z.string().trim().default("ToolForge <shop@toolforge.local>"),
  // Days a mail delivered over SMTP stays in the outbox (its copy holds names, addresses, orders); 0 keeps it for good.
  MAIL_RETENTION_DAYS: wholeNumber(0, 3650, "must be a whole number of days from 0 to 3650").default(90),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  TWITTER_CLIENT_ID: optionalString,
  TWITTER_CLIENT_SECRET: optionalString,
  // Tests and benchmarks sign many users in from one address; production keeps the default limiter.
  AUTH_RATE_LIMIT: booleanFlag.optional(),
  OIDC_ISSUER: optionalString.pipe(z.url({ error: "must be the provider's issuer URL, e.g. https://sso.example.com" }).optional()),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  ADMIN_MFA: optionalString.pipe(z.enum(["required"], { error: "must be required or unset" }).optional()),
  TWILIO_ACCOUNT_SID: optionalString.pipe(z.string().regex(/^AC[0-9a-fA-F]{32}$/, "must be an Account SID (AC followed by 32 hex digits)").optional()),
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString.pipe(
    z
      .string()
      .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, "must be a phone number in E.164 form (+15551234567) or a Messaging Service SID (MG…)")
      .optional(),
  ),
  // Read by the server (server/index.mjs) before Next loads; checked here with everything else.
  TRUSTED_PROXY_HOPS: wholeNumber(0, 10, "must be the number of proxies in front of the shop, a whole number from 0 to 10").default(0),
  // How long an unpaid order holds its stock before it expires, and the flat shipping charge per order.
  ORDER_HOLD_MINUTES: wholeNumber(1, 525_600, "must be a whole number of minutes from 1 to 525600").default(1440),
  SHIPPING_FLAT_CENTS: wholeNumber(0, 1_000_000, "must be a whole number of cents from 0 to 1000000").default(0),
  // Benchmarks and load tests, where one account places orders by the hundred, raise it.
  ORDER_UNPAID_LIMIT: wholeNumber(1, 1_000_000, "must be a whole number of orders from 1 to 1000000").default(DEFAULT_ORDER_UNPAID_LIMIT),
  // The zone every date and time is shown in (models/dates.ts reads it); checked here so that a typo
  // stops the server at start instead of showing every time in UTC (ADR 071).
  SHOP_TIME_ZONE: optionalString.pipe(
    z
      .string()
      .refine(isTimeZone, "must be a time zone name such as America/Chicago, Europe/Berlin or UTC")
      .optional(),
  ),
  SHUTDOWN_GRACE_SECONDS: wholeNumber(1, 600, "must be a whole number of seconds from 1 to 600").default(10),
  LOG_LEVEL: optionalString.pipe(
    z
      .enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"], {
        error: "must be one of trace, debug, info, warn, error, fatal, silent",
      })
      .optional(),
  ),
  // Test-only: point real SDKs at local stand-ins. Refused in production (see TEST_ONLY below).
  STRIPE_API_BASE: optionalString.pipe(z.url({ error: "must be an absolute URL" }).optional()),
  CLOUDINARY_API_BASE: optionalString.pipe(z.url({ error: "must be an absolute URL" }).optional()),
  TWILIO_API_BASE: optionalString.pipe(z.url({ error: "must be an absolute URL" }).optional()),
});

/** Settings that only tests may use: a production server that finds one refuses to start. */
const TEST_ONLY = ["STRIPE_API_BASE", "CLOUDINARY_API_BASE", "TWILIO_API_BASE"] as const;

type RawEnv = z.infer<typeof envSchema>;

export type SocialProviderId = "google" | "facebook" | "github" | "twitter";

export type Env = RawEnv & {
  appUrl: string;
  dataDir: string;
  socialProviders: Partial<Record<SocialProviderId, { clientId: string; clientSecret: string }>>;
};

export class EnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EnvError";
  }
}

/** Parses an environment; throws an EnvError whose message is one line naming the variable. */
export function parseEnv(source: Record<string, string | undefined>): RawEnv {
  const result = envSchema.safeParse(emptyAsUnset(source));
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = issue?.path[0] !== undefined ? String(issue.path[0]) : "environment";
    throw new EnvError(`Invalid configuration: ${variable} ${issue?.message ?? "is invalid"}`);
  }
  const env = result.data;
  if (env.NODE_ENV === "production") {
    const testOnly = TEST_ONLY.find((name) => env[name] !== undefined);
    if (testOnly) throw new EnvError(`Invalid configuration: ${testOnly} is a test-only setting and is refused in production`);
    // Several instances on one database must sign sessions with one secret; a generated one would be
    // different on each and sign users out whenever their requests move between instances. The build
    // never opens the database, so it does not need the secret.
    if (env.DATABASE_URL && !env.AUTH_SECRET && source.NEXT_PHASE !== "phase-production-build") {
      throw new EnvError("Invalid configuration: AUTH_SECRET is required when DATABASE_URL is set (every instance must share it)");
    }
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_PUBLISHABLE_KEY)) {
    const missing = env.STRIPE_SECRET_KEY ? "STRIPE_PUBLISHABLE_KEY" : "STRIPE_SECRET_KEY";
    throw new EnvError(`Invalid configuration: ${missing} is required when the other Stripe key is set`);
  }
  for (const provider of ["GOOGLE", "FACEBOOK", "GITHUB", "TWITTER"] as const) {
    const id = env[`${provider}_CLIENT_ID`];
    const secret = env[`${provider}_CLIENT_SECRET`];
    if (Boolean(id) !== Boolean(secret)) {
      const missing = id ? `${provider}_CLIENT_SECRET` : `${provider}_CLIENT_ID`;
      throw new EnvError(`Invalid configuration: ${missing} is required when the other ${provider} variable is set`);
    }
  }
  requireAllOrNone(env, ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"]);
  requireAllOrNone(env, ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"]);
  return env;
}

function requireAllOrNone(env: RawEnv, names: (keyof RawEnv)[]): void {
  const missing = names.filter((name) => !env[name]);
  if (missing.length > 0 && missing.length < names.length) {
    const present = names.filter((name) => env[name]);
    throw new EnvError(`Invalid configuration: ${missing[0]} is required when ${present.join(" and ")} ${present.length === 1 ? "is" : "are"} set`);
  }
}

/**
 * AUTH_SECRET when set; otherwise one generated on first start and kept in DATA_DIR. Read only when
 * auth is first used, so that building the app never writes into the data directory.
 */
export function resolveAuthSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const dataDir = env.dataDir;
  const file = path.join(dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    // wx: never overwrite a secret another process wrote first.
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}

/** The environment as getEnv() gives it, from `source` (getEnv reads process.env once; tests build their own). */
export function buildEnv(source: Record<string, string | undefined>): Env {
  const raw = parseEnv(source);
  const dataDir = path.resolve(/*turbopackIgnore: true*/ process.cwd(), raw.DATA_DIR);
  const socialProviders: Env["socialProviders"] = {};
  for (const id of ["google", "facebook", "github", "twitter"] as const) {
    const clientId = raw[`${id.toUpperCase() as Uppercase<typeof id>}_CLIENT_ID`];
    const clientSecret = raw[`${id.toUpperCase() as Uppercase<typeof id>}_CLIENT_SECRET`];
    if (clientId && clientSecret) socialProviders[id] = { clientId, clientSecret };
  }
  return {
    ...raw,
    appUrl: (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ""),
    dataDir,
    socialProviders,
  };
}

const globalForEnv = globalThis as unknown as { __toolforgeEnv?: Env };

/** The parsed environment, read once per process. */
export function getEnv(): Env {
  globalForEnv.__toolforgeEnv ??= buildEnv(process.env);
  return globalForEnv.__toolforgeEnv;
}

/**
 * The origins the shop answers on: APP_URL, and with none configured also 127.0.0.1, because a
 * newcomer may open it either way. Used by the same-origin check and by better-auth.
 */
export function shopOrigins(env: Pick<Env, "appUrl" | "APP_URL" | "PORT">): string[] {
  // As a browser writes it: http://localhost:80 is sent as http://localhost, and a path is never sent.
  const origins = new Set([new URL(env.appUrl).origin]);
  if (!env.APP_URL) origins.add(`http://127.0.0.1:${env.PORT}`);
  return [...origins];
}

/** For tests that change process.env between cases. */
export function resetEnvForTests(): void {
  globalForEnv.__toolforgeEnv = undefined;
}
