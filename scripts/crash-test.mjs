// Crash test: `kill -9` the production server while customers place orders, start it again, and check
// that nothing a customer was told is lost and nothing is counted twice:
//   - every order acknowledged with 201 is in the database;
//   - every order has its confirmation mail in the outbox (written in the order's own transaction);
//   - the product's stock is exactly its starting stock minus the units of the orders stored;
//   - the requests cut by the kill, sent again with the same Idempotency-Key, place no second order.
// Runs on PGlite (the embedded default) and on PostgreSQL (TEST_DATABASE_URL or the local server).
//
//   npm run test:crash            (needs a build: it makes one when the sources are newer)
//   ROUNDS=3 npm run test:crash   (kills per engine, default 2)
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { ensureBuild, root } from "./ensure-build.mjs";
import { nodeArgs } from "../server/heap.mjs";

const PG_SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ORIGIN = "http://shop.test";
const AUTH_SECRET = randomBytes(32).toString("base64url");
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const CUSTOMERS = 6;
const CONCURRENCY = 12;
const LOAD_MS = 2_500;
const ADDRESS = { name: "Crash Tester", line1: "9 Kill Street", city: "Leeds", postalCode: "LS1 1AA", country: "United Kingdom" };

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = /** @type {net.AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {Record<string, string>} env */
async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs(), path.join(root, "server/index.mjs")], {
    cwd: root,
    // Six customers place orders without paying for seconds on end: no cap on their unpaid orders (ADR 045).
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), APP_URL: ORIGIN, AUTH_SECRET, LOG_LEVEL: "warn", AUTH_RATE_LIMIT: "false", ORDER_UNPAID_LIMIT: "1000000", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start:\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`the server was not ready in time:\n${stderr}`);
    const answer = await request(`${base}/api/health/ready`).catch(() => null);
    if (answer?.status === 200) break;
    await sleep(200);
  }
  return { child, exited, base };
}

/**
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string | Buffer, from?: string }} [options]
 * @returns {Promise<{ status: number, text: string, headers: http.IncomingHttpHeaders }>}
 */
function request(url, { method = "GET", headers = {}, body, from } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { origin: ORIGIN, ...headers }, agent: false, localAddress: from }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function register(base, photo, index) {
  const boundary = `----crash${randomBytes(8).toString("hex")}`;
  const field = (key, value) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(field("name", `Crash Customer ${index}`) + field("email", `crash-${index}-${randomBytes(4).toString("hex")}@example.com`) + field("password", "a-long-password")),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  // Registration is rate-limited per client address: each customer comes from its own.
  const answer = await request(`${base}/api/register`, {
    method: "POST",
    body,
    from: `127.0.0.${20 + index}`,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  });
  assert.equal(answer.status, 201, `registration answered ${answer.status}: ${answer.text}`);
  const token = answer.headers["set-auth-token"];
  assert.ok(typeof token === "string" && token, "registration answers a bearer token");
  return token;
}

/** @param {string} base @param {string} token @param {string} key @param {string} productId @param {number} quantity */
function placeOrder(base, token, key, productId, quantity) {
  return request(`${base}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "idempotency-key": key },
    body: JSON.stringify({ items: [{ productId, quantity }], phone: "+1 555 010 0100", shippingAddress: ADDRESS }),
  });
}

/**
 * One engine: several rounds of load + kill -9 + restart, then the checks against the database.
 * @param {"pglite" | "postgres"} engine
 */
async function runEngine(engine) {
  const started = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `toolforge-crash-${engine}-`));
  const database = `toolforge_crash_${randomBytes(5).toString("hex")}`;
  const databaseUrl = (() => {
    const url = new URL(PG_SERVER);
    url.pathname = `/${database}`;
    return url.toString();
  })();
  const admin = new pg.Client({ connectionString: PG_SERVER });
  if (engine === "postgres") {
    await admin.connect();
    await admin.query(`create database "${database}"`);
  }
  const env = engine === "postgres" ? { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir, DATABASE_URL: "" };
  try {
    let server = await startServer(env);
    const photo = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#c2410c" } }).png().toBuffer();
    const tokens = [];
    for (let i = 0; i < CUSTOMERS; i += 1) tokens.push(await register(server.base, photo, i));
    const products = JSON.parse((await request(`${server.base}/api/products?sort=name`)).text).items;
    const product = products.reduce((best, item) => (item.stock > best.stock ? item : best));
    const stockBefore = product.stock;
    const quantity = product.minOrderQuantity;

    /** @type {Map<string, { token: string, orderId: string | null }>} key → outcome */
    const attempts = new Map();
    let acknowledged = 0;
    let cut = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      let stop = false;
      const worker = async (w) => {
        while (!stop) {
          const token = tokens[w % tokens.length];
          const key = randomUUID();
          attempts.set(key, { token, orderId: null });
          try {
            const answer = await placeOrder(server.base, token, key, product.id, quantity);
            if (answer.status === 201) {
              attempts.set(key, { token, orderId: JSON.parse(answer.text).id });
              acknowledged += 1;
            } else if (answer.status !== 409) throw new Error(`unexpected ${answer.status}: ${answer.text}`);
          } catch (error) {
            if (!(error instanceof Error) || !/ECONNRESET|ECONNREFUSED|socket hang up/.test(error.message)) throw error;
            cut += 1;
            return;
          }
        }
      };
      const load = Array.from({ length: CONCURRENCY }, (_, w) => worker(w));
      await sleep(LOAD_MS);
      server.child.kill("SIGKILL");
      stop = true;
      await Promise.all(load);
      await server.exited;
      server = await startServer(env);
    }

    // The requests the kill cut, sent again with their keys: an order committed before the kill is
    // answered again; one that was not is placed now. Either way, one order per key.
    let replayed = 0;
    let placedOnRetry = 0;
    for (const [key, attempt] of attempts) {
      if (attempt.orderId) continue;
      const answer = await placeOrder(server.base, attempt.token, key, product.id, quantity);
      if (answer.status === 201) {
        attempt.orderId = JSON.parse(answer.text).id;
        // Replayed: the order was committed before the kill, but its answer never reached the client.
        if (answer.headers["idempotent-replayed"] === "true") replayed += 1;
        else placedOnRetry += 1;
      }
    }
    const retriedAgain = [...attempts.values()].filter((a) => a.orderId).map((a) => a.orderId);
    assert.equal(new Set(retriedAgain).size, retriedAgain.length, "no two keys answer the same order");

    // Stop cleanly, then read the database directly.
    server.child.kill("SIGTERM");
    await server.exited;
    const rows = await readBack(engine, engine === "postgres" ? databaseUrl : dataDir, product.id);
    const stored = new Set(rows.orders.map((o) => o.id));
    for (const orderId of retriedAgain) assert.ok(stored.has(orderId), `acknowledged order ${orderId} is stored`);
    assert.equal(rows.orders.length, retriedAgain.length, "every stored order belongs to exactly one key");
    const mailed = new Set(rows.mailSubjects);
    for (const o of rows.orders) assert.ok(mailed.has(`Your ToolForge order TF-${o.number}`), `order TF-${o.number} has its confirmation queued`);
    const sold = rows.orders.reduce((sum, o) => sum + o.quantity, 0);
    assert.equal(rows.stock, stockBefore - sold, `stock ${rows.stock} = ${stockBefore} − ${sold} units ordered`);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `✓ ${engine}: ${ROUNDS} kills, ${acknowledged} orders acknowledged, ${cut} requests cut (on retry with their key: ${replayed} were committed before the kill and answered again, ${placedOnRetry} placed now); ${rows.orders.length} orders stored, each with its mail; stock ${stockBefore} → ${rows.stock} (${seconds} s)`,
    );
  } finally {
    if (engine === "postgres") {
      await admin.query(`drop database if exists "${database}" with (force)`).catch(() => undefined);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Orders of the product (with their lines), the confirmation subjects, and the stock left. */
async function readBack(engine, location, productId) {
  const ordersSql = `select o.id, o.number, l.quantity from orders o join order_line l on l.order_id = o.id where l.product_id = $1`;
  const mailSql = `select subject from mail_outbox where subject like 'Your ToolForge order TF-%'`;
  const stockSql = `select stock from product where id = $1`;
  if (engine === "postgres") {
    const client = new pg.Client({ connectionString: location });
    await client.connect();
    try {
      const orders = (await client.query(ordersSql, [productId])).rows;
      const mailSubjects = (await client.query(mailSql)).rows.map((r) => r.subject);
      const [{ stock }] = (await client.query(stockSql, [productId])).rows;
      return { orders, mailSubjects, stock };
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pgliteOptions } = await import("../lib/db/pglite-options.mjs");
  const db = new PGlite(pgliteOptions({ dataDir: path.join(location, "pglite") }));
  await db.waitReady;
  try {
    const orders = (await db.query(ordersSql, [productId])).rows;
    const mailSubjects = (await db.query(mailSql)).rows.map((r) => r.subject);
    const [{ stock }] = (await db.query(stockSql, [productId])).rows;
    return { orders, mailSubjects, stock };
  } finally {
    await db.close();
  }
}

ensureBuild();
const total = Date.now();
for (const engine of (process.env.ENGINES ?? "pglite,postgres").split(",")) await runEngine(/** @type {"pglite" | "postgres"} */ (engine));
console.log(`crash test passed in ${((Date.now() - total) / 1000).toFixed(1)} s`);
