import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs } from "./scripts/chromium-flags.mjs";
import { nodeArgs } from "./server/heap.mjs";
import { E2E_PORT, MAIL_API_PORT, MAIL_SMTP_PORT, OIDC_PORT } from "./tests/e2e/ports";

export { chromiumArgs };

const PORT = E2E_PORT;
const baseURL = `http://localhost:${PORT}`;
// The staff single sign-on provider tests/e2e/oidc.spec.ts starts (tests/fixtures/oidc-server.ts).
export const OIDC_CLIENT = { id: "toolforge-e2e", secret: "toolforge-e2e-client-secret" };
// A fresh shop for every run: the suite never depends on what an earlier run left.
const runId = `${process.pid}-${Date.now()}`;
const dataDir = path.join(os.tmpdir(), `toolforge-e2e-${runId}`);
// Workers inherit it: helpers.ts signInAsAdmin claims the admin's registration once per run.
process.env.E2E_RUN_ID ??= runId;

export default defineConfig({
  testDir: "tests/e2e",
  // A time-out is not a speed check (speed is measured by the benchmarks). On the slow host of
  // 2026-11-27 (page faults at 12-50 µs, every test two to three times as long) eight flows without a
  // time-out of their own took 43-53 s of the former 60.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two browsers at once: each spec file makes its own accounts and products, so files run side by side
  // (about a third faster on 2 cores). E2E_WORKERS=1 runs them one after another.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined }, testIgnore: /\.last\.spec\.ts$/ },
    // Spec files that change what every other test sees (many new tools at once) run once the rest is done.
    { name: "after-the-rest", use: { ...devices["Desktop Chrome"], channel: undefined }, testMatch: /\.last\.spec\.ts$/, dependencies: ["chromium"] },
  ],
  webServer: [
    {
      // Mail goes over real SMTP to a local server; tests read it with tests/e2e/mail.ts.
      command: "node tests/e2e/mail-server.mjs",
      url: `http://127.0.0.1:${MAIL_API_PORT}/health`,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { MAIL_SMTP_PORT: String(MAIL_SMTP_PORT), MAIL_API_PORT: String(MAIL_API_PORT) },
    },
    {
      // As `npm start` runs it: with the heap cap (server/heap.mjs).
      command: ["node", ...nodeArgs(), "scripts/start.mjs"].join(" "),
      url: `${baseURL}/api/health`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        APP_URL: baseURL,
        DATA_DIR: dataDir,
        ADMIN_EMAILS: "admin@toolforge.test",
        AUTH_RATE_LIMIT: "false",
        LOG_LEVEL: "warn",
        OIDC_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
        OIDC_CLIENT_ID: OIDC_CLIENT.id,
        OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
        // The tests play the proxy in front: each person gets an address of their own
        // (tests/e2e/helpers.ts browseFromOwnAddress), so per-address limits meet only where a test wants them.
        TRUSTED_PROXY_HOPS: "1",
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}?ignoreTLS=true`,
        MAIL_FROM: "ToolForge <shop@toolforge.test>",
        // Not UTC, so that a time shown in the server's own zone or in UTC would fail checkout-print.spec.ts.
        SHOP_TIME_ZONE: "America/Chicago",
      },
    },
  ],
});
