import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("gives every variable a working default", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_CATALOG).toBe(true);
    expect(env.ADMIN_EMAILS).toEqual([]);
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
