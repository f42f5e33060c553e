// The production server as operators run it: real `node server/index.mjs` processes on the built app.
// Two instances on one PostgreSQL database share their rate limits and uploaded images and ignore
// spoofed address headers; each request gets one log line with its id and nothing personal; SIGTERM under load
// answers or refuses every request and writes nothing by halves; PGlite is closed cleanly, and work
// that outlives the grace period is cut.
//
//   npm run test:server      (npm test runs it after the end-to-end step, which leaves a build)
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import pg from "pg";
import sharp from "sharp";
import { ensureBuild, root } from "../../scripts/ensure-build.mjs";
import { nodeArgs } from "../../server/heap.mjs";

const PG_SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ORIGIN = "http://shop.test";
const ADMIN = "ops-inbox@toolforge.test";
const AUTH_SECRET = randomBytes(32).toString("base64url");

/** A port nobody listens on right now. */
async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = /** @type {net.AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * One server process, its output kept line by line.
 * @param {string} name
 * @param {Record<string, string>} env
 */
async function startInstance(name, env) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs(), path.join(root, "server/index.mjs")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), APP_URL: ORIGIN, ADMIN_EMAILS: ADMIN, LOG_LEVEL: "info", ORDER_UNPAID_LIMIT: "1000000", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  /** @type {string[]} */
  const lines = [];
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => {
      buffered += chunk;
      const parts = buffered.split("\n");
      buffered = parts.pop() ?? "";
      lines.push(...parts.filter(Boolean));
    });
  }
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const instance = { name, port, child, lines, exited, base: `http://127.0.0.1:${port}` };
  const deadline = Date.now() + 180_000;
  let gone = false;
  void exited.then(() => (gone = true));
  while (!entries(instance).some((line) => line.msg === "ready")) {
    if (gone) throw new Error(`${name} exited during start:\n${lines.join("\n")}`);
    if (Date.now() > deadline) throw new Error(`${name} was not ready in time:\n${lines.join("\n")}`);
    await sleep(200);
  }
  return instance;
}

/** @param {{ lines: string[] }} instance */
function entries(instance) {
  return instance.lines.flatMap((line) => {
    try {
      return [JSON.parse(line)];
    } catch {
      return [];
    }
  });
}

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * An HTTP request from a chosen local address (127.0.0.0/8 all reaches this machine), answered in full.
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string | Buffer, from?: string, agent?: http.Agent }} [options]
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, text: string }>}
 */
function request(url, { method = "GET", headers = {}, body, from, agent } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { origin: ORIGIN, ...headers }, localAddress: from, agent }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** @param {string} url @param {unknown} json @param {{ from?: string, headers?: Record<string, string>, agent?: http.Agent }} [options] */
function postJson(url, json, options = {}) {
  return request(url, { ...options, method: "POST", headers: { "content-type": "application/json", ...options.headers }, body: JSON.stringify(json) });
}

/**
 * Registers an account through /api/register (the one way to create one) with a photo, as the
 * registration form sends it; answers with the session's bearer token in `set-auth-token`.
 * @param {string} base @param {{ email: string, name: string, password: string, photo: Buffer, from?: string }} input
 */
function register(base, { email, name, password, photo, from }) {
  const boundary = `----toolforge${randomBytes(8).toString("hex")}`;
  const field = (key, value) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(field("name", name) + field("email", email) + field("password", password)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return request(`${base}/api/register`, { method: "POST", from, body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } });
}

/** @param {{ child: import("node:child_process").ChildProcess, exited: Promise<unknown> }} instance */
async function stop(instance) {
  if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill("SIGKILL");
  await instance.exited;
}

/** @param {string} sql @param {unknown[]} [params] @param {string} [url] */
async function query(sql, params = [], url = PG_SERVER) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

ensureBuild();

// The PostgreSQL pair and the PGlite instance are independent: run them side by side. Inside each,
// tests run in order (the shutdown tests come last).
describe("server processes", { concurrency: true }, () => {
describe("two instances on one PostgreSQL database", { concurrency: false }, () => {
  const database = `toolforge_servers_${randomBytes(5).toString("hex")}`;
  const databaseUrl = (() => {
    const url = new URL(PG_SERVER);
    url.pathname = `/${database}`;
    return url.toString();
  })();
  const dataDirs = [fs.mkdtempSync(path.join(os.tmpdir(), "toolforge-a-")), fs.mkdtempSync(path.join(os.tmpdir(), "toolforge-b-"))];
  /** @type {Awaited<ReturnType<typeof startInstance>>} */
  let a;
  /** @type {Awaited<ReturnType<typeof startInstance>>} */
  let b;

  before(async () => {
    await query(`create database "${database}"`);
    const closedSmtpPort = await freePort();
    const shared = { DATABASE_URL: databaseUrl, AUTH_SECRET, TRUSTED_PROXY_HOPS: "0" };
    // A's mail server is down, so sending a contact message logs a delivery failure for that request.
    [a, b] = await Promise.all([
      startInstance("a", { ...shared, DATA_DIR: dataDirs[0], SMTP_URL: `smtp://127.0.0.1:${closedSmtpPort}` }),
      startInstance("b", { ...shared, DATA_DIR: dataDirs[1] }),
    ]);
  });

  after(async () => {
    await Promise.all([a, b].filter(Boolean).map(stop));
    await query(`drop database if exists "${database}" with (force)`);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses to start without AUTH_SECRET, in one line", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [...nodeArgs(), path.join(root, "server/index.mjs")], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATABASE_URL: databaseUrl, AUTH_SECRET: "", DATA_DIR: dataDirs[0] },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    // The configuration is checked when the first request (the server's own warm-up) loads the app.
    const code = await new Promise((resolve) => child.once("exit", resolve));
    assert.equal(code, 1);
    assert.equal(stderr.trim(), "Invalid configuration: AUTH_SECRET is required when DATABASE_URL is set (every instance must share it)");
  });

  it("stops in one line when its database cannot be opened, instead of answering 500s; liveness does not wait for it", async () => {
    const missing = `toolforge_missing_${randomBytes(4).toString("hex")}`;
    const url = new URL(databaseUrl);
    url.pathname = `/${missing}`;
    const port = await freePort();
    const child = spawn(process.execPath, [...nodeArgs(), path.join(root, "server/index.mjs")], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATABASE_URL: url.toString(), AUTH_SECRET, DATA_DIR: dataDirs[0] },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const live = [];
    let gone = false;
    void exited.then(() => (gone = true));
    while (!gone) {
      const answer = await request(`http://127.0.0.1:${port}/api/health/live`).catch(() => null);
      if (answer) live.push(answer.status);
      await sleep(20);
    }
    assert.equal(await exited, 1);
    assert.equal(stderr.trim(), `Cannot open DATABASE_URL (${url.hostname}:${url.port || "5432"}/${missing}): database "${missing}" does not exist`);
    // It listens before the first request loads the app and opens the database: liveness was asked meanwhile.
    assert.ok(live.length > 0 && live.every((status) => status === 200), `liveness answered ${live.join(", ") || "nothing"}`);
  });

  it("serve an image uploaded through one instance from the other (it is stored in the database)", async () => {
    const photo = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#1d4ed8" } }).png().toBuffer();
    const signUp = await register(a.base, { email: "photo-owner@example.com", name: "Photo Owner", password: "long-enough-pw", photo, from: "127.0.0.14" });
    assert.equal(signUp.status, 201, signUp.text);
    const { user } = JSON.parse(signUp.text);
    assert.match(user.imageUrl, /^\/uploads\/[a-f0-9]{32}\.webp$/);
    const served = await request(`${b.base}${user.imageUrl}`);
    assert.equal(served.status, 200);
    assert.equal(served.headers["content-type"], "image/webp");
    assert.deepEqual(fs.readdirSync(dataDirs[0]).filter((name) => name === "uploads"), [], "nothing was written to a's disk");
  });

  it("share one limit, and a spoofed X-Forwarded-For chooses no bucket of its own", async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      const instance = i % 2 === 0 ? a : b;
      const spoof = { "x-forwarded-for": `203.0.113.${i}`, "x-real-ip": `203.0.113.${i + 100}`, forwarded: `for=198.51.100.${i}` };
      const answer = await postJson(`${instance.base}/api/newsletter`, { email: `reader${i}@example.com` }, { from: "127.0.0.11", headers: spoof });
      statuses.push(answer.status);
      if (answer.status === 429) {
        const retryAfter = Number(answer.headers["retry-after"]);
        assert.ok(retryAfter > 0 && retryAfter <= 600, "Retry-After in seconds, within the 10-minute window");
        assert.match(JSON.parse(answer.text).error.message, /^Too many attempts\. Please try again in \d+ minutes?\.$/);
      }
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
    // Another address has its own allowance, on either instance.
    assert.equal((await postJson(`${b.base}/api/newsletter`, { email: "other@example.com" }, { from: "127.0.0.12" })).status, 200);
  });

  it("log one line per request with its id, and errors with the same id, without personal data", async () => {
    const secrets = {
      email: "privacy-probe@example.com",
      phone: "+44 20 7946 0958",
      cookie: "toolforge.session_token=COOKIE-SECRET-123",
      token: "Bearer TOKEN-SECRET-456",
      password: "PASSWORD-SECRET-789",
    };
    const answer = await postJson(
      `${a.base}/api/contact`,
      { name: "Petra Probe", email: secrets.email, company: "Probe Ltd", country: "Wales", message: `Call me on ${secrets.phone}` },
      { from: "127.0.0.13", headers: { cookie: secrets.cookie, authorization: secrets.token } },
    );
    assert.equal(answer.status, 201);
    const id = /** @type {string} */ (answer.headers["x-request-id"]);
    assert.match(id, /^[0-9a-f-]{36}$/);
    await postJson(`${a.base}/api/auth/sign-in/email`, { email: secrets.email, password: secrets.password }, { from: "127.0.0.13" });

    // The shop is emailed in the background; the failed delivery is logged for the same request.
    let failure;
    for (let i = 0; i < 100 && !failure; i += 1) {
      failure = entries(a).find((line) => line.reqId === id && line.msg === "mail delivery failed");
      if (!failure) await sleep(100);
    }
    assert.ok(failure, "the mail failure is logged with the request's id");
    assert.equal(failure.level, "warn");
    assert.equal(failure.to, "[redacted]");

    const lines = entries(a).filter((line) => line.reqId === id && line.msg === "request");
    assert.equal(lines.length, 1, "exactly one request line");
    const [line] = lines;
    assert.equal(line.method, "POST");
    assert.equal(line.route, "/api/contact");
    assert.equal(line.status, 201);
    assert.equal(typeof line.ms, "number");
    assert.equal(line.level, "info");
    assert.match(line.time, /^\d{4}-\d\d-\d\dT/);

    const everything = a.lines.join("\n");
    for (const secret of [...Object.values(secrets), "COOKIE-SECRET", "TOKEN-SECRET", "7946", ADMIN, "Petra"]) {
      assert.ok(!everything.includes(secret), `the logs do not contain ${secret}`);
    }
  });

  it("on SIGTERM under load, answer or refuse every request and half-write nothing", async () => {
    const products = JSON.parse((await request(`${b.base}/api/products?pageSize=48`)).text).items;
    const product = products.reduce((best, p) => (p.stock / p.minOrderQuantity > best.stock / best.minOrderQuantity ? p : best));
    const [{ stock: stockBefore }] = await query("select stock from product where id = $1", [product.id], databaseUrl);

    // Four customers, each signed in with a bearer token, from their own address.
    const buyerPhoto = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#c2410c" } }).png().toBuffer();
    const customers = [];
    for (let i = 0; i < 4; i += 1) {
      const from = `127.0.1.${i + 1}`;
      const signUp = await register(b.base, { email: `buyer${i}@example.com`, name: `Buyer ${i}`, password: "long-enough-pw", photo: buyerPhoto, from });
      assert.equal(signUp.status, 201, signUp.text);
      customers.push({ from, token: /** @type {string} */ (signUp.headers["set-auth-token"]) });
    }

    // Refused: the connection was not accepted, or closed (idle, between requests) before the request was read.
    const refusal = (/** @type {unknown} */ error) => {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code ?? "";
      assert.ok(["ECONNREFUSED", "ECONNRESET"].includes(code), `a refusal, not ${String(error)}`);
      return code;
    };
    let tag = 0;
    /** @type {{ phone: string, outcome: "created" | "answered" | "refused", connectionClose?: boolean, spansSignal: boolean }[]} */
    const attempts = [];
    let signalled = false;
    let closed = false;
    const worker = async (customer) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (!closed) {
        tag += 1;
        const phone = `+1 555 ${String(1_000_000 + tag).slice(1)}`;
        const startedBefore = !signalled;
        try {
          const answer = await postJson(
            `${b.base}/api/orders`,
            {
              productId: product.id,
              quantity: product.minOrderQuantity,
              phone,
              shippingAddress: { name: "Load Tester", line1: "1 Drain Street", city: "Leeds", postalCode: "LS1 1AA", country: "United Kingdom" },
            },
            { from: customer.from, agent, headers: { authorization: `Bearer ${customer.token}` } },
          );
          if (answer.status === 201) JSON.parse(answer.text); // a complete body, not a cut one
          const outcome = answer.status === 201 ? "created" : "answered";
          attempts.push({ phone, outcome, connectionClose: answer.headers.connection === "close", spansSignal: startedBefore && signalled });
        } catch (error) {
          const code = refusal(error);
          attempts.push({ phone, outcome: "refused", spansSignal: startedBefore && signalled });
          if (code === "ECONNREFUSED") break;
        }
        try {
          await request(`${b.base}/api/products/${product.id}`, { from: customer.from, agent });
        } catch (error) {
          if (refusal(error) === "ECONNREFUSED") break;
        }
      }
      agent.destroy();
    };
    const workers = customers.map(worker);
    // Signal once the load is well under way (a slow machine takes longer to get there).
    const created = () => attempts.filter((x) => x.outcome === "created").length;
    for (let waited = 0; created() < 10 && waited < 60_000; waited += 100) await sleep(100);
    signalled = true;
    b.child.kill("SIGTERM");
    const exit = await b.exited;
    closed = true;
    await Promise.all(workers);

    assert.deepEqual(exit, { code: 0, signal: null }, "exits 0 after a clean drain");
    const log = entries(b);
    assert.ok(log.some((line) => line.msg === "shutting down" && line.signal === "SIGTERM"));
    assert.ok(log.some((line) => line.msg === "stopped" && line.code === 0));
    assert.ok(created() >= 10, "the load placed orders");
    const inFlight = attempts.filter((x) => x.spansSignal);
    assert.ok(inFlight.length > 0, "requests were in flight at the signal");
    assert.ok(inFlight.every((x) => x.outcome !== "refused"), "every request in flight at the signal was answered");
    // An answer already on its way when the signal arrived keeps its headers; the ones written during
    // the drain say Connection: close, and the clean exit shows no keep-alive connection held it open.
    assert.ok(inFlight.some((x) => x.connectionClose), `answers during the drain close their keep-alive connection: ${JSON.stringify(inFlight)}`);

    const rows = await query("select o.phone, l.quantity from orders o join order_line l on l.order_id = o.id where l.product_id = $1", [product.id], databaseUrl);
    const stored = new Set(rows.map((row) => row.phone));
    for (const attempt of attempts) {
      if (attempt.outcome === "created") assert.ok(stored.has(attempt.phone), `order ${attempt.phone} was answered 201 and is stored`);
      if (attempt.outcome === "refused") assert.ok(!stored.has(attempt.phone), `refused order ${attempt.phone} left nothing behind`);
    }
    assert.equal(rows.length, attempts.filter((x) => x.outcome === "created").length, "every stored order was answered 201");
    const [{ stock: stockAfter }] = await query("select stock from product where id = $1", [product.id], databaseUrl);
    assert.equal(stockAfter, stockBefore - rows.reduce((sum, row) => sum + row.quantity, 0), "stock matches the orders stored");
    assert.ok(!log.some((line) => line.msg === "shutdown step failed"), "mail and the database pool closed without error");
  });
});

describe("one instance on PGlite", { concurrency: false }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolforge-pglite-"));
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("closes PGlite cleanly on SIGTERM, and cuts what outlives the grace period without half-writing it", async () => {
    const first = await startInstance("pglite", { DATA_DIR: dataDir });
    assert.equal((await postJson(`${first.base}/api/newsletter`, { email: "kept@example.com" }, { from: "127.0.0.21" })).status, 200);
    first.child.kill("SIGTERM");
    assert.deepEqual(await first.exited, { code: 0, signal: null });

    // Reopening the same directory works, and a registration whose body never finishes is cut.
    const second = await startInstance("pglite-again", { DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: "1" });
    const boundary = "----toolforge-slow-upload";
    const photo = Buffer.alloc(200_000, 7);
    const head = Buffer.from(
      [
        `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nSlow Sam\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nslow-sam@example.com\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\nlong-enough-pw\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ].join(""),
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const socket = net.connect({ port: second.port, host: "127.0.0.1", localAddress: "127.0.0.22" });
    await new Promise((resolve) => socket.once("connect", resolve));
    let received = "";
    socket.on("data", (chunk) => (received += chunk));
    const socketClosed = new Promise((resolve) => socket.once("close", resolve));
    socket.on("error", () => {});
    socket.write(
      `POST /api/register HTTP/1.1\r\nHost: shop.test\r\nOrigin: ${ORIGIN}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: ${head.length + photo.length + tail.length}\r\n\r\n`,
    );
    socket.write(head);
    socket.write(photo.subarray(0, 1000)); // ...and the rest never comes
    await sleep(300);
    const signalledAt = Date.now();
    second.child.kill("SIGTERM");
    assert.deepEqual(await second.exited, { code: 1, signal: null }, "exit 1: a request had to be cut");
    await socketClosed;
    assert.ok(Date.now() - signalledAt < 6000, "the grace period bounds the shutdown");
    assert.equal(received, "", "the cut request got no answer");
    assert.ok(entries(second).some((line) => line.msg === "shutdown deadline reached: cutting the requests still running"));
    const cutLine = entries(second).find((line) => line.msg === "request" && line.route === "/api/register");
    assert.equal(cutLine?.aborted, true, "the cut request has its log line, marked aborted");

    const { PGlite } = await import("@electric-sql/pglite");
    const { pgliteOptions } = await import("../../lib/db/pglite-options.mjs");
    // With the shop's extensions (pg_trgm), or the data directory cannot be opened.
    const db = new PGlite(path.join(dataDir, "pglite"), pgliteOptions());
    try {
      const kept = await db.query("select email from newsletter_subscriber where email = 'kept@example.com'");
      assert.equal(kept.rows.length, 1, "what was answered before the first shutdown is there");
      const cut = await db.query(`select id from "user" where email = 'slow-sam@example.com'`);
      assert.equal(cut.rows.length, 0, "the cut registration left no account");
    } finally {
      await db.close();
    }
    const uploads = path.join(dataDir, "uploads");
    assert.deepEqual(fs.existsSync(uploads) ? fs.readdirSync(uploads) : [], [], "and no stored photo");
  });
});
});
