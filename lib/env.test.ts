import { EnvError, parseEnv, shopOrigins } from "./env";

describe("parseEnv", () => {
  it("gives every variable a working default", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_CATALOG).toBe(true);
    expect(env.ADMIN_EMAILS).toEqual([]);
    expect(env.SHOP_TIME_ZONE).toBeUndefined();
  });

  it("takes a time zone the runtime knows", () => {
    expect(parseEnv({ SHOP_TIME_ZONE: "America/Chicago" }).SHOP_TIME_ZONE).toBe("America/Chicago");
    expect(parseEnv({ SHOP_TIME_ZONE: " Europe/Berlin " }).SHOP_TIME_ZONE).toBe("Europe/Berlin");
    expect(parseEnv({ SHOP_TIME_ZONE: "UTC" }).SHOP_TIME_ZONE).toBe("UTC");
  });

  it("accepts form posts from APP_URL's origin as a browser writes it (no default port, no path)", () => {
    expect(shopOrigins({ appUrl: "http://localhost:80", APP_URL: "http://localhost:80", PORT: 3000 })).toEqual(["http://localhost"]);
    expect(shopOrigins({ appUrl: "https://shop.example.com:443/shop", APP_URL: "https://shop.example.com:443/shop", PORT: 3000 })).toEqual(["https://shop.example.com"]);
    expect(shopOrigins({ appUrl: "http://localhost:8080", APP_URL: "http://localhost:8080", PORT: 3000 })).toEqual(["http://localhost:8080"]);
    expect(shopOrigins({ appUrl: "http://localhost:3300", APP_URL: undefined, PORT: 3300 })).toEqual(["http://localhost:3300", "http://127.0.0.1:3300"]);
  });

  it("treats empty values as unset", () => {
    const env = parseEnv({ SEED_CATALOG: "", AUTH_RATE_LIMIT: " ", MAIL_FROM: "", PORT: "", DATABASE_URL: "" });
    expect(env.SEED_CATALOG).toBe(true);
    expect(env.AUTH_RATE_LIMIT).toBeUndefined();
    expect(env.MAIL_FROM).toMatch(/ToolForge/);
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("reads admin emails as a trimmed, lower-cased list", () => {
    expect(parseEnv({ ADMIN_EMAILS: " Boss@Shop.com, ops@shop.com ,," }).ADMIN_EMAILS).toEqual([
      "boss@shop.com",
      "ops@shop.com",
    ]);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ APP_URL: "not a url" }, "APP_URL"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    [{ ADMIN_EMAILS: "boss@shop.com, nobody" }, "ADMIN_EMAILS"],
    [{ SEED_CATALOG: "maybe" }, "SEED_CATALOG"],
    [{ STRIPE_SECRET_KEY: "sk_test_123" }, "STRIPE_PUBLISHABLE_KEY"],
    [{ GOOGLE_CLIENT_ID: "id-only" }, "GOOGLE_CLIENT_SECRET"],
    [{ CLOUDINARY_URL: "https://example.com" }, "CLOUDINARY_URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ ADMIN_MFA: "yes" }, "ADMIN_MFA"],
    [{ OIDC_ISSUER: "not a url" }, "OIDC_ISSUER"],
    [{ OIDC_ISSUER: "https://sso.example.com", OIDC_CLIENT_ID: "shop" }, "OIDC_CLIENT_SECRET"],
    [{ TWILIO_ACCOUNT_SID: "123" }, "TWILIO_ACCOUNT_SID"],
    [{ TWILIO_ACCOUNT_SID: `AC${"a".repeat(32)}`, TWILIO_AUTH_TOKEN: "t" }, "TWILIO_FROM"],
    [{ TWILIO_FROM: "555-1234" }, "TWILIO_FROM"],
    [{ TRUSTED_PROXY_HOPS: "-1" }, "TRUSTED_PROXY_HOPS"],
    [{ TRUSTED_PROXY_HOPS: "one" }, "TRUSTED_PROXY_HOPS"],
    [{ SHUTDOWN_GRACE_SECONDS: "0" }, "SHUTDOWN_GRACE_SECONDS"],
    [{ LOG_LEVEL: "verbose" }, "LOG_LEVEL"],
    [{ SHOP_TIME_ZONE: "Central Time" }, "SHOP_TIME_ZONE"],
    [{ SHOP_TIME_ZONE: "Europe/Atlantis" }, "SHOP_TIME_ZONE"],
    // Several instances on one database with generated secrets would sign each other's users out.
    [{ NODE_ENV: "production", DATABASE_URL: "postgres://shop@db/shop" }, "AUTH_SECRET"],
    // Settings that point real SDKs at local stand-ins have no place in production.
    [{ NODE_ENV: "production", STRIPE_API_BASE: "http://127.0.0.1:4010" }, "STRIPE_API_BASE"],
    [{ NODE_ENV: "production", CLOUDINARY_API_BASE: "http://127.0.0.1:4011" }, "CLOUDINARY_API_BASE"],
    // It would send the Twilio account's credentials to whatever host it names.
    [{ NODE_ENV: "production", TWILIO_API_BASE: "http://127.0.0.1:4012" }, "TWILIO_API_BASE"],
    [{ TWILIO_API_BASE: "twilio.local" }, "TWILIO_API_BASE"],
    [{ METRICS_TOKEN: "too-short" }, "METRICS_TOKEN"],
  ])("refuses %j with one line naming %s", (source, variable) => {
    let thrown: unknown;
    try {
      parseEnv(source as Record<string, string>);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(EnvError);
    const message = (thrown as Error).message;
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    expect(message).not.toContain("\n");
  });

  it("accepts a complete production configuration", () => {
    const env = parseEnv({
      PORT: "8080",
      DATABASE_URL: "postgres://shop:pw@db:5432/shop",
      APP_URL: "https://tools.example.com",
      AUTH_SECRET: "x".repeat(40),
      SEED_CATALOG: "false",
      STRIPE_SECRET_KEY: "sk_live_1",
      STRIPE_PUBLISHABLE_KEY: "pk_live_1",
      SMTP_URL: "smtps://user:pw@mail.example.com:465",
      CLOUDINARY_URL: "cloudinary://key:secret@cloud",
    });
    expect(env.PORT).toBe(8080);
    expect(env.SEED_CATALOG).toBe(false);
    expect(env.TRUSTED_PROXY_HOPS).toBe(0);
    expect(env.SHUTDOWN_GRACE_SECONDS).toBe(10);
  });

  it("lets tests, development and the build use what production refuses", () => {
    expect(parseEnv({ NODE_ENV: "test", STRIPE_API_BASE: "http://127.0.0.1:4010" }).STRIPE_API_BASE).toBe("http://127.0.0.1:4010");
    expect(parseEnv({ DATABASE_URL: "postgres://shop@db/shop" }).AUTH_SECRET).toBeUndefined();
    const building = { NODE_ENV: "production", NEXT_PHASE: "phase-production-build", DATABASE_URL: "postgres://shop@db/shop" };
    expect(parseEnv(building).DATABASE_URL).toBe("postgres://shop@db/shop");
    expect(parseEnv({ NODE_ENV: "production", TRUSTED_PROXY_HOPS: "1" }).TRUSTED_PROXY_HOPS).toBe(1);
  });
});

describe("resolveAuthSecret", () => {
  it("generates a secret once and keeps it in DATA_DIR", async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const { getEnv, resetEnvForTests, resolveAuthSecret } = await import("./env");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tf-secret-"));
    const saved = { DATA_DIR: process.env.DATA_DIR, AUTH_SECRET: process.env.AUTH_SECRET };
    process.env.DATA_DIR = dir;
    delete process.env.AUTH_SECRET;
    resetEnvForTests();
    try {
      const first = resolveAuthSecret(getEnv());
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(fs.readFileSync(path.join(dir, "auth-secret"), "utf8")).toBe(first);
      expect(resolveAuthSecret(getEnv())).toBe(first);
    } finally {
      Object.assign(process.env, saved);
      resetEnvForTests();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
