#!/usr/bin/env node
// `npm run bench:scale`: the shop with 10,000 products, 50,000 accounts, 100,000 orders, 50,000 reviews,
// 10,000 messages and 10,000 subscribers, under autocannon at 20 connections (docs/benchmarks.md).
//
// 1. Loads the data set with bulk SQL (scripts/scale-data.mjs) into a NEW database: on the server of
//    DATABASE_URL (created, then dropped), or a throwaway PGlite data directory.
// 2. Starts the production build with our server (node server/index.mjs), signs an admin and a
//    customer with 500 orders in, and runs the page and API mix one path after another.
// 3. Prints a table, writes it into docs/benchmarks.md (full runs) and bench-scale-results.json.
//    Fails (exit 1) when a path answers non-2xx, or a page is over 300 KB (each dashboard list is also
//    fetched once at its largest page size). Speed is reported, not asserted.
//    While each path is loaded, /api/health/live is probed every 50 ms: its worst latency is how long
//    one request could hold every other one up (issue 13, item 4).
// `--smoke`: a tiny data set and 1-second runs, for CI (scripts/test-all.mjs).

import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { hashPassword } from "better-auth/crypto";
import { FULL_SCALE, SMOKE_SCALE, generateScaleData } from "./scale-data.mjs";
import { nodeArgs } from "../server/heap.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SMOKE = process.argv.includes("--smoke");
const SIZE = SMOKE ? SMOKE_SCALE : FULL_SCALE;
const DURATION = Number(process.env.BENCH_DURATION || (SMOKE ? 1 : 10));
// BENCH_ONLY="My Orders,audit" loads only the paths whose names contain one of these words (case-insensitive);
// such a partial run prints its table but does not write docs/benchmarks.md.
const ONLY = (process.env.BENCH_ONLY ?? "").split(",").map((word) => word.trim().toLowerCase()).filter(Boolean);
const CONNECTIONS = 20;
const PORT = Number(process.env.BENCH_PORT || process.env.E2E_PORT || 3210);
const MAX_PAGE_BYTES = 300 * 1024;
const PASSWORD = "scale-bench-password";
const ADMIN = { id: "usr_bench_admin", email: "bench-admin@scale.test", name: "Bench Admin" };
const BUYER = { id: "usr_bench_buyer", email: "bench-buyer@scale.test", name: "Bench Buyer", orders: SMOKE ? 50 : 500 };

const log = (message) => console.log(`bench:scale: ${message}`);
const state = { app: null, dataDir: null, dropDatabase: null, cookieFile: null };

async function prepareDatabase() {
  const started = Date.now();
  const accounts = async (query) => {
    const hash = await hashPassword(PASSWORD);
    for (const person of [ADMIN, BUYER]) {
      await query(`insert into "user" (id, name, email, email_verified, role) values ('${person.id}', '${person.name}', '${person.email}', true, '${person === ADMIN ? "admin" : "user"}')`);
      await query(`insert into account (id, account_id, provider_id, user_id, password) values ('acc_${person.id}', '${person.id}', 'credential', '${person.id}', '${hash}')`);
    }
  };
  const fill = async (query) => {
    await accounts(query);
    await generateScaleData(query, SIZE, { buyer: { id: BUYER.id, email: BUYER.email, orders: BUYER.orders } });
    // As autovacuum would soon after such a load: visibility map and statistics.
    await query("vacuum analyze");
  };
  if (process.env.DATABASE_URL) {
    const pg = (await import("pg")).default;
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const server = new URL(process.env.DATABASE_URL);
    const name = `toolforge_scale_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    state.dropDatabase = async () => {
      const again = new pg.Client({ connectionString: server.toString() });
      await again.connect();
      await again.query(`drop database if exists "${name}" with (force)`);
      await again.end();
    };
    const url = new URL(server);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await migrate(drizzle(client), { migrationsFolder: path.join(ROOT, "drizzle") });
    await fill((sql) => client.query(sql));
    await client.end();
    log(`loaded ${JSON.stringify(SIZE)} into PostgreSQL database ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { engine: "postgres", env: { DATABASE_URL: url.toString() } };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const { pgliteOptions } = await import("../lib/db/pglite-options.mjs");
  state.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolforge-scale-"));
  const client = new PGlite(pgliteOptions({ dataDir: path.join(state.dataDir, "pglite") }));
  await client.waitReady;
  await migrate(drizzle(client), { migrationsFolder: path.join(ROOT, "drizzle") });
  await fill((sql) => client.exec(sql));
  await client.close();
  log(`loaded ${JSON.stringify(SIZE)} into PGlite in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { engine: "pglite", env: { DATA_DIR: state.dataDir } };
}

function startApp(baseUrl, extraEnv) {
  const env = { ...process.env, ...extraEnv, NODE_ENV: "production", PORT: String(PORT), APP_URL: baseUrl };
  env.AUTH_SECRET ??= "scale-bench-secret-scale-bench-secret-0123";
  env.ADMIN_EMAILS = ADMIN.email;
  // Every sign-in and order of the run comes from one address.
  env.AUTH_RATE_LIMIT = "false";
  // "place an order" has one buyer place thousands of orders it never pays: no cap on them (ADR 045).
  env.ORDER_UNPAID_LIMIT = "1000000";
  env.SEED_CATALOG = "false";
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  // BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the app (Node refuses --cpu-prof in NODE_OPTIONS).
  const extraArgs = (process.env.BENCH_APP_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs(), ...extraArgs, "server/index.mjs"], { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const tail = [];
  const keep = (chunk) => {
    tail.push(String(chunk));
    if (tail.length > 40) tail.shift();
    if (process.env.BENCH_VERBOSE) process.stdout.write(chunk);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  child.tail = tail;
  child.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return child;
}

async function waitForHealth(baseUrl) {
  const deadline = Date.now() + 180_000;
  let exited = null;
  state.app.exited.then((info) => (exited = info));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the app exited during startup (${exited.code ?? exited.signal}):\n${state.app.tail.join("")}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not answer GET /api/health within 180 s:\n${state.app.tail.join("")}`);
}

async function signIn(baseUrl, email) {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password: PASSWORD }),
    redirect: "manual",
  });
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  if (res.status !== 200 || !cookie) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  return cookie;
}

function targetsFor(baseUrl, cookies) {
  const n = (max) => 1 + Math.floor(Math.random() * max);
  const buyer = { cookie: cookies.buyer };
  const admin = { cookie: cookies.admin };
  // Fragments that match a few generated accounts (scripts/scale-data.mjs: …costa1232@…, …costa80@…).
  const email = SMOKE ? "costa8" : "costa123";
  const deepPage = Math.max(1, Math.floor(SIZE.products / 24 / 2));
  return [
    { group: "public", name: "home page", path: "/" },
    { group: "public", name: "catalog page", path: "/servicedata" },
    { group: "public", name: "catalog API, page 1", path: "/api/products" },
    { group: "public", name: `catalog API, page ${deepPage}`, path: `/api/products?page=${deepPage}&pageSize=24` },
    { group: "public", name: "catalog search (cached)", path: "/api/products?q=spokesh" },
    { group: "public", name: "catalog search (uncached, random)", path: "/api/products?q=No.%201", vary: () => `/api/products?q=No.%20${n(SIZE.products)}` },
    { group: "customer", name: "product detail page", path: "/purchasePages/prd_s_17", vary: () => `/purchasePages/prd_s_${n(SIZE.products)}`, ...buyer },
    { group: "public", name: "reviews API", path: "/api/reviews" },
    { group: "public", name: "the shop's reviews page", path: "/reviews" },
    // The first fifty tools have reviews of their own (scripts/scale-data.mjs): the newest six on the
    // product page, every one a page at a time on its reviews page and through the API.
    { group: "public", name: "product page", path: "/products/prd_s_1", vary: () => `/products/prd_s_${n(50)}` },
    { group: "public", name: "a product's reviews page", path: "/products/prd_s_1/reviews", vary: () => `/products/prd_s_${n(50)}/reviews` },
    { group: "public", name: "a product's reviews API", path: "/api/products/prd_s_1/reviews", vary: () => `/api/products/prd_s_${n(50)}/reviews` },
    { group: "customer", name: "My Orders (500 orders)", path: "/dashboard/myorders", ...buyer },
    { group: "customer", name: "orders API (500 orders)", path: "/api/orders", ...buyer },
    { group: "customer", name: "place an order", path: "/api/orders", method: "POST", ...buyer },
    { group: "admin", name: "Manage Order", path: "/dashboard/manageOrder", ...admin },
    { group: "admin", name: "Manage Order, paid + shipped", path: "/dashboard/manageOrder?status=paid&shipping=shipped", ...admin },
    { group: "admin", name: "order search by email", path: `/dashboard/manageOrder?q=${email}`, ...admin },
    { group: "admin", name: "orders API by email", path: `/api/admin/orders?q=${email}`, ...admin },
    { group: "admin", name: "Make Admin", path: "/dashboard/makeAdmin", ...admin },
    { group: "admin", name: "Make Admin search", path: `/dashboard/makeAdmin?q=${email}`, ...admin },
    { group: "admin", name: "users API search", path: `/api/users?q=${email}`, ...admin },
    { group: "admin", name: "Manage Products", path: "/dashboard/manageProducts", ...admin },
    // 25 to a page whatever the URL asks: its only size is the one measured here.
    { group: "admin", name: "Deleted Products", path: "/dashboard/manageProducts/deleted", ...admin },
    { group: "admin", name: "admin reviews", path: "/dashboard/reviews", ...admin },
    { group: "admin", name: "messages + subscribers", path: "/dashboard/messages", ...admin },
    { group: "admin", name: "audit log", path: "/dashboard/audit", ...admin },
    { group: "admin", name: "audit log, orders", path: "/dashboard/audit?entity=order", ...admin },
    // One shipped order's history (scripts/scale-data.mjs: orders 2 and 4 of every six are shipped).
    { group: "admin", name: "audit log, one order", path: "/dashboard/audit?entity=order&entityId=ord_s_2", vary: () => `/dashboard/audit?entity=order&entityId=ord_s_${6 * n(Math.floor(SIZE.orders / 6)) - 2}`, ...admin },
  ].map((t) => ({ ...t, baseUrl }));
}

// Each dashboard list asked for the API's largest page (pageSize=100; the pages show at most 50 rows,
// reviews and contact messages 25: components/admin/pagination.tsx): no page may be over 300 KB,
// whatever its URL asks for.
function largestPagesFor(baseUrl, cookies) {
  const admin = { cookie: cookies.admin };
  return [
    { name: "My Orders", path: "/dashboard/myorders?pageSize=100", cookie: cookies.buyer },
    { name: "a product's reviews", path: "/products/prd_s_1/reviews?pageSize=100" },
    { name: "the shop's reviews", path: "/reviews?pageSize=100" },
    { name: "Manage Order", path: "/dashboard/manageOrder?pageSize=100", ...admin },
    { name: "Make Admin", path: "/dashboard/makeAdmin?pageSize=100", ...admin },
    { name: "Manage Products", path: "/dashboard/manageProducts?pageSize=100", ...admin },
    { name: "admin reviews", path: "/dashboard/reviews?pageSize=100", ...admin },
    { name: "messages + subscribers", path: "/dashboard/messages?pageSize=100&spageSize=100", ...admin },
    { name: "audit log", path: "/dashboard/audit?pageSize=100", ...admin },
  ].map((t) => ({ ...t, baseUrl }));
}

function orderBody() {
  return JSON.stringify({
    productId: `prd_s_${1 + Math.floor(Math.random() * SIZE.products)}`,
    quantity: 1,
    phone: "+1 555 010 0199",
    shippingAddress: { name: "Bench Buyer", line1: "1 Load Lane", line2: "", city: "Sheffield", region: "", postalCode: "S1 2AB", country: "United Kingdom" },
  });
}

async function sample(target) {
  const headers = { ...(target.cookie ? { cookie: target.cookie } : {}) };
  const init = target.method === "POST" ? { method: "POST", headers: { ...headers, "content-type": "application/json", origin: target.baseUrl }, body: orderBody() } : { headers };
  const res = await fetch(target.baseUrl + target.path, { ...init, redirect: "manual" });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { status: res.status, bytes };
}

/** Worst latency of /api/health/live, asked every 50 ms while `running` lasts. */
async function probe(baseUrl, running) {
  let worst = 0;
  let stop = false;
  running.finally(() => (stop = true));
  while (!stop) {
    const started = performance.now();
    try {
      const res = await fetch(`${baseUrl}/api/health/live`, { signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
    } catch {
      // counted as slow below
    }
    worst = Math.max(worst, performance.now() - started);
    await new Promise((r) => setTimeout(r, 50));
  }
  return worst;
}

function load(target) {
  const headers = { ...(target.cookie ? { cookie: target.cookie } : {}) };
  const post = target.method === "POST";
  if (post) Object.assign(headers, { "content-type": "application/json", origin: target.baseUrl });
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.baseUrl + target.path,
        connections: CONNECTIONS,
        duration: DURATION,
        method: target.method ?? "GET",
        headers,
        requests: [
          {
            setupRequest: (request) => {
              if (post) return { ...request, body: orderBody() };
              if (target.vary) return { ...request, path: target.vary() };
              return request;
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    state.tracker = instance;
  });
}

function rssOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

function table(rows) {
  const lines = [
    "| group | path | req/s | p99 ms | page KB | worst /api/health/live ms | non-2xx |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const r of rows) {
    lines.push(`| ${r.group} | ${r.name} (\`${r.method ?? "GET"} ${r.path}\`) | ${r.reqPerSec.toFixed(1)} | ${r.p99Ms} | ${(r.bytes / 1024).toFixed(1)} | ${Math.round(r.stallMs)} | ${r.non2xx + r.errors} |`);
  }
  return lines.join("\n");
}

function writeDocs(engine, rows, largest, rssMb) {
  const file = path.join(ROOT, "docs", "benchmarks.md");
  const start = `<!-- bench:scale:${engine}:start -->`;
  const end = `<!-- bench:scale:${engine}:end -->`;
  const block = [
    start,
    `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${engine === "postgres" ? "PostgreSQL" : "PGlite"}, ${os.cpus().length} CPUs (shared), Node ${process.version}, ${CONNECTIONS} connections, ${DURATION} s per path. Data: ${Object.entries(SIZE).map(([k, v]) => `${v.toLocaleString("en")} ${k}`).join(", ")}. App RSS after the run: ${rssMb ?? "?"} MB.`,
    "",
    table(rows),
    "",
    `Largest page of each dashboard list (\`pageSize=100\` asked; at most 50 rows shown, 25 reviews or messages): ${largest.map((page) => `${page.name} ${(page.bytes / 1024).toFixed(1)} KB`).join(", ")}.`,
    end,
  ].join("\n");
  let text = fs.readFileSync(file, "utf8");
  if (text.includes(start)) text = text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block);
  else text += `\n### bench:scale on ${engine === "postgres" ? "PostgreSQL" : "PGlite"}\n\n${block}\n`;
  fs.writeFileSync(file, text);
}

async function cleanup() {
  if (state.app && state.app.exitCode === null) {
    try {
      process.kill(-state.app.pid, "SIGTERM");
    } catch {
      // already gone
    }
    await Promise.race([state.app.exited, new Promise((r) => setTimeout(r, 10_000))]);
    try {
      process.kill(-state.app.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  if (state.dropDatabase) await state.dropDatabase().catch((e) => log(`could not drop the database: ${e.message}`));
  if (state.dataDir) fs.rmSync(state.dataDir, { recursive: true, force: true });
  if (state.cookieFile) fs.rmSync(state.cookieFile, { force: true });
}

/**
 * BENCH_HOLD=1: no load. The app stays up on the loaded data until Ctrl-C, for probing one page by
 * hand (autocannon, curl, a profiler); the two sessions' cookies are written to a file beside the run.
 */
async function hold(baseUrl, cookies) {
  const file = path.join(os.tmpdir(), `bench-scale-cookies-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify({ baseUrl, ...cookies }, null, 2));
  state.cookieFile = file;
  log(`holding the app on ${baseUrl}: the admin's and the buyer's cookies are in ${file}; Ctrl-C ends the run`);
  // Never settles: Ctrl-C runs cleanup() from the signal handler, which drops the data and exits.
  return new Promise(() => {});
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    log("no production build: running npm run build");
    const built = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    if (built.status !== 0) throw new Error("next build failed");
  }
  const { engine, env } = await prepareDatabase();
  const baseUrl = `http://127.0.0.1:${PORT}`;
  state.app = startApp(baseUrl, env);
  await waitForHealth(baseUrl);
  log(`app is up on ${baseUrl} (${engine})`);
  const cookies = { admin: await signIn(baseUrl, ADMIN.email), buyer: await signIn(baseUrl, BUYER.email) };
  if (process.env.BENCH_HOLD) return hold(baseUrl, cookies);
  const rows = [];
  let failed = false;
  const targets = targetsFor(baseUrl, cookies).filter((t) => ONLY.length === 0 || ONLY.some((word) => t.name.toLowerCase().includes(word)));
  for (const target of targets) {
    const first = await sample(target);
    for (let i = 0; i < 3; i += 1) await sample(target);
    if (first.status < 200 || first.status >= 300) {
      log(`✗ ${target.name}: ${target.path} answered ${first.status}`);
      failed = true;
    }
    const running = load(target);
    const stall = probe(baseUrl, running);
    const result = await running;
    const row = {
      ...target,
      bytes: first.bytes,
      reqPerSec: result.requests.average,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      stallMs: await stall,
    };
    delete row.cookie;
    delete row.vary;
    rows.push(row);
    const over = row.bytes > MAX_PAGE_BYTES;
    if (over || row.non2xx + row.errors > 0) failed = true;
    log(`${target.name}: ${row.reqPerSec.toFixed(1)} req/s, p99 ${row.p99Ms} ms, ${(row.bytes / 1024).toFixed(1)} KB${over ? " (OVER 300 KB)" : ""}, health stall ${Math.round(row.stallMs)} ms, non-2xx/errors ${row.non2xx + row.errors}`);
  }
  const largest = [];
  for (const target of largestPagesFor(baseUrl, cookies)) {
    const { status, bytes } = await sample(target);
    const over = bytes > MAX_PAGE_BYTES;
    if (over || status < 200 || status >= 300) failed = true;
    largest.push({ name: target.name, path: target.path, status, bytes });
    log(`largest page, ${target.name}: ${status}, ${(bytes / 1024).toFixed(1)} KB${over ? " (OVER 300 KB)" : ""}`);
  }
  const rssMb = rssOf(state.app.pid);
  console.log(`\n${table(rows)}\n\nApp RSS after the run: ${rssMb ?? "?"} MB`);
  fs.writeFileSync(
    path.join(ROOT, "bench-scale-results.json"),
    JSON.stringify({ at: new Date().toISOString(), engine, smoke: SMOKE, size: SIZE, connections: CONNECTIONS, durationSeconds: DURATION, rssMb, rows, largest }, null, 2),
  );
  if (!SMOKE && ONLY.length === 0) writeDocs(engine, rows, largest, rssMb);
  return failed ? 1 : 0;
}

let code = 1;
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => cleanup().finally(() => process.exit(130)));
try {
  code = await main();
} catch (error) {
  console.error(`bench:scale: ${error instanceof Error ? error.message : String(error)}`);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
