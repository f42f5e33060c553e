#!/usr/bin/env node
// ToolForge throughput benchmark (`npm run bench`).
//
// Starts the production build with the shop's server (server/index.mjs), then load-tests a few app
// paths with autocannon. Each path is measured next to two references taken
// in the same run, so the figures can be compared across machines:
//   * the app's own static file (/favicon.svg from public/) - the fastest thing
//     Next itself can serve, i.e. the in-app ceiling;
//   * a bare Node `http.createServer` replaying the same bytes - the ceiling of
//     the runtime itself.
// Speed is reported, never asserted: the exit code is non-zero only when the
// app fails to start or a run had errors. See docs/benchmarks.md.

import { spawn, spawnSync, fork } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureFirstLoadJs } from './first-load-js.mjs';
import { findNginx, startNginx } from './nginx-config.mjs';
import { nodeArgs } from '../server/heap.mjs';

const SCRIPT = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SCRIPT), '..');

// ---------------------------------------------------------------------------
// Bare-server mode. The reference server runs in its own process (this same
// file, forked with --bare-server) rather than in the benchmark process:
// autocannon would otherwise share one event loop with the server it is
// loading, which would understate the bare figures and make the comparison
// with `next start` (also a separate process) unfair.
// ---------------------------------------------------------------------------
if (process.argv[2] === '--bare-server') {
  process.once('message', ({ body, contentType }) => {
    const bytes = Buffer.from(body);
    const server = http.createServer((req, res) => {
      res.writeHead(200, {
        'content-type': contentType,
        'content-length': bytes.length,
      });
      res.end(bytes);
    });
    server.listen(0, '127.0.0.1', () => {
      process.send({ port: server.address().port });
    });
  });
  // If the parent dies without cleaning up (e.g. SIGKILL), the IPC channel
  // closes; exit instead of lingering as an orphan.
  process.once('disconnect', () => process.exit(0));
} else {
  await runBenchmark();
}

// ---------------------------------------------------------------------------
// Benchmark mode
// ---------------------------------------------------------------------------

async function runBenchmark() {
  const CONNECTIONS = 50;
  const WARMUP_REQUESTS = 20;
  const PREFERRED_PORT = Number(process.env.BENCH_PORT) || 3210;
  const HEALTH_TIMEOUT_MS = 90_000;
  const HEALTH_POLL_MS = 250;
  const STATIC_PATH = '/favicon.svg';
  const TARGETS = ['/', '/servicedata', '/api/products', STATIC_PATH];
  const BUDGET = { minRatioVsStaticPct: 80, maxP99Ms: 100 };
  // Through nginx with the project's configuration (deploy/nginx): the anonymous pages come from
  // its one-second cache (docs/decisions/028).
  const PROXY_TARGETS = ['/', '/servicedata'];
  const PROXY_BUDGET = { minTimesApp: 5, maxP99Ms: 20 };
  // The guide's budget for the JavaScript a visitor's browser loads with `/` (scripts/first-load-js.mjs).
  const FIRST_LOAD_JS_BUDGET_BYTES = 120_000;
  const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const RESULTS_FILE = path.join(ROOT, 'bench-results.json');

  // Everything that must be torn down, whatever happens.
  const state = { app: null, dataDir: null, bare: new Set(), tracker: null, aborted: false, nginx: null, nginxPrefix: null };
  let cleanupPromise = null;
  const cleanup = () => (cleanupPromise ??= doCleanup(state));

  // Ctrl-C / kill: stop the load, tear everything down, then exit with the
  // conventional 128+signal code. A second signal forces an immediate exit.
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
    process.on(signal, () => {
      if (cleanupPromise) process.exit(code);
      console.error(`\nbench: received ${signal}, cleaning up...`);
      // Stopping the tracker resolves the pending run; `aborted` makes the
      // main flow bail out instead of starting the next one.
      state.aborted = true;
      state.tracker?.stop();
      cleanup().finally(() => process.exit(code));
    });
  }
  // Last resort for paths that bypass the async cleanup (process.exit from
  // elsewhere, a crash): synchronous kill so the app never outlives us.
  process.on('exit', () => {
    killGroup(state.app, 'SIGKILL');
    for (const child of state.bare) child.kill('SIGKILL');
    // SIGTERM: nginx's master then stops its workers (a SIGKILL would leave them on the port).
    if (state.nginx && state.nginx.child.exitCode === null) state.nginx.child.kill('SIGTERM');
  });

  let exitCode = 0;
  try {
    const DURATION = parseDuration(process.env.BENCH_DURATION);
    ensureBuild();

    const port = await pickPort(PREFERRED_PORT);
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = { ...process.env, PORT: String(port), APP_URL: baseUrl, NODE_ENV: 'production' };
    // A throwaway PGlite directory keeps the run isolated from (and harmless
    // to) any local dev data. With DATABASE_URL the caller chose a database
    // explicitly, so we do not touch DATA_DIR at all.
    if (!process.env.DATABASE_URL) {
      state.dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolforge-bench-'));
      env.DATA_DIR = state.dataDir;
    }

    state.app = startApp(port, env);
    await waitForHealth(baseUrl, state.app, HEALTH_TIMEOUT_MS, HEALTH_POLL_MS);
    log(`app is up on ${baseUrl}`);

    // Fetch each body once (it is what the bare server replays) and warm up
    // the route (JIT, module caches, DB connection, ISR cache) before any
    // measurement.
    const samples = new Map();
    for (const target of TARGETS) {
      samples.set(target, await fetchSample(baseUrl + target));
      for (let i = 0; i < WARMUP_REQUESTS; i++) await fetchSample(baseUrl + target);
    }
    log(`warmed up ${TARGETS.length} targets x ${WARMUP_REQUESTS} requests`);

    const firstLoadJs = measureFirstLoadJs(samples.get('/').body.toString('utf8'), path.join(ROOT, '.next'));
    const firstLoadVerdict = firstLoadJs.missing.length > 0 ? 'ERROR' : firstLoadJs.totalGzipBytes <= FIRST_LOAD_JS_BUDGET_BYTES ? 'PASS' : 'MISS';
    printFirstLoadJs(firstLoadJs, FIRST_LOAD_JS_BUDGET_BYTES, firstLoadVerdict);

    const measure = async (title, url, headers = undefined) => {
      log(`measuring ${title} for ${DURATION}s...`);
      const r = await load(state, { url, title, connections: CONNECTIONS, duration: DURATION, headers });
      return {
        reqPerSec: r.requests.average,
        p99Ms: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
        totalRequests: r.requests.total,
      };
    };

    // Strictly sequential: the two servers never compete for the 2 cores.
    const raw = [];
    for (const target of TARGETS) {
      const { body, contentType } = samples.get(target);
      const app = await measure(`app ${target}`, baseUrl + target);
      const bareServer = await startBareServer(state, body, contentType);
      let bare;
      try {
        bare = await measure(`bare ${target}`, `http://127.0.0.1:${bareServer.port}/`);
      } finally {
        await stopChild(bareServer.child, state);
      }
      raw.push({ target, contentType, bodyBytes: body.length, app, bare });
    }

    const staticReqPerSec = raw.find((r) => r.target === STATIC_PATH).app.reqPerSec;
    const results = raw.map((r) => {
      const ratioVsStaticPct = pct(r.app.reqPerSec, staticReqPerSec);
      const ratioVsBarePct = pct(r.app.reqPerSec, r.bare.reqPerSec);
      const pass = ratioVsStaticPct >= BUDGET.minRatioVsStaticPct && r.app.p99Ms < BUDGET.maxP99Ms;
      // Errors (e.g. a 429 or 500 storm) make a route look fast; never PASS those.
      const verdict = hasErrors(r.app) || hasErrors(r.bare) ? 'ERROR' : pass ? 'PASS' : 'MISS';
      return { ...r, staticReqPerSec, ratioVsStaticPct, ratioVsBarePct, verdict };
    });

    printTable(results);

    // Through the proxy a browser's request is measured: it asks for gzip, as every browser does, and
    // wrk (C, one thread per core) drives it where installed, since at 20,000 answers a second
    // autocannon's own event loop would be most of the p99. The app alone is measured again the same
    // way for the ratio, so both sides of "x app" come from one tool and one request.
    const wrk = findWrk();
    const proxyMeasure = wrk
      ? async (title, url) => {
          log(`measuring ${title} for ${DURATION}s with wrk...`);
          return loadWithWrk(state, wrk, { url, connections: CONNECTIONS, duration: DURATION, headers: BROWSER_HEADERS });
        }
      : async (title, url) => measure(title, url, BROWSER_HEADERS);
    if (!wrk) log('wrk is not installed (apt-get install -y wrk): the rows through nginx are measured with autocannon');
    const proxied = await measureThroughProxy(state, {
      port,
      targets: PROXY_TARGETS,
      measure: proxyMeasure,
      headers: BROWSER_HEADERS,
      warmup: WARMUP_REQUESTS,
      preferredPort: Number(process.env.BENCH_PROXY_PORT) || port + 1,
    });
    const proxyResults = proxied.map((r) => {
      const timesApp = r.app.reqPerSec > 0 ? r.proxy.reqPerSec / r.app.reqPerSec : 0;
      const pass = timesApp >= PROXY_BUDGET.minTimesApp && r.proxy.p99Ms <= PROXY_BUDGET.maxP99Ms;
      const failedRun = hasErrors(r.proxy) || hasErrors(r.app);
      return { ...r, tool: wrk ? 'wrk' : 'autocannon', appReqPerSec: r.app.reqPerSec, timesApp, verdict: failedRun ? 'ERROR' : pass ? 'PASS' : 'MISS' };
    });
    if (proxyResults.length > 0) printProxyTable(proxyResults);

    const failed = results.filter((r) => hasErrors(r.app) || hasErrors(r.bare));
    await writeFile(
      RESULTS_FILE,
      JSON.stringify(
        {
          timestamp: new Date().toISOString(),
          node: process.version,
          platform: `${process.platform}-${process.arch}`,
          cpus: os.cpus().length,
          parameters: {
            connections: CONNECTIONS,
            durationSeconds: DURATION,
            warmupRequests: WARMUP_REQUESTS,
            targets: TARGETS,
            staticPath: STATIC_PATH,
            budget: BUDGET,
            proxyTargets: PROXY_TARGETS,
            proxyBudget: PROXY_BUDGET,
            firstLoadJsBudgetBytes: FIRST_LOAD_JS_BUDGET_BYTES,
            database: process.env.DATABASE_URL ? 'DATABASE_URL' : 'PGlite (temp DATA_DIR)',
          },
          ok: failed.length === 0 && proxyResults.every((r) => r.verdict !== 'ERROR') && firstLoadVerdict !== 'ERROR',
          results,
          proxyResults,
          firstLoadJs: { ...firstLoadJs, verdict: firstLoadVerdict },
        },
        null,
        2,
      ) + '\n',
    );
    log(`results written to ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);

    const failedProxy = proxyResults.filter((r) => r.verdict === 'ERROR').map((r) => `nginx ${r.target}`);
    failed.push(...failedProxy.map((target) => ({ target })));
    // A chunk the page names but the build lacks: the figure would undercount, so the run fails.
    if (firstLoadVerdict === 'ERROR') failed.push({ target: 'first-load JavaScript of / (chunks missing from .next)' });
    if (failed.length > 0) {
      // Figures from runs with non-2xx responses or socket errors describe
      // error handling, not the route, so the run as a whole is a failure.
      console.error(
        `bench: runs had non-2xx responses or errors: ${failed.map((r) => r.target).join(', ')}`,
      );
      exitCode = 1;
    }
  } catch (err) {
    // After Ctrl-C, follow-on failures (the app "exiting during startup",
    // an interrupted run) are expected noise; the signal handler reports.
    if (!state.aborted) console.error(`bench: ${err.message}`);
    exitCode = 1;
  } finally {
    await cleanup();
  }
  process.exitCode = exitCode;
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

function log(msg) {
  console.log(`bench: ${msg}`);
}

function parseDuration(value) {
  if (value === undefined || value === '') return 10;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) {
    throw new Error(`BENCH_DURATION must be a positive number of seconds, got "${value}"`);
  }
  return n;
}

function ensureBuild() {
  if (existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) return;
  log('no production build found (.next/BUILD_ID missing), running `npm run build`...');
  const res = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (res.error) throw new Error(`could not run next build: ${res.error.message}`);
  if (res.status !== 0) throw new Error(`next build failed (exit ${res.status ?? res.signal})`);
}

/** Resolves when nothing listens on `port`; otherwise to an OS-assigned free port. */
async function pickPort(preferred) {
  const tryListen = (port) =>
    new Promise((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(null));
      // No host: same wildcard bind as `next start`, so a conflict on either
      // IPv4 or IPv6 is detected.
      srv.listen(port, () => {
        const { port: actual } = srv.address();
        srv.close(() => resolve(actual));
      });
    });
  return (await tryListen(preferred)) ?? (await tryListen(0));
}

function startApp(port, env) {
  // The shop's own server (server/index.mjs), as `npm start` runs it.
  const serverEntry = path.join(ROOT, 'server', 'index.mjs');
  // The app writes one log line per request. Through a pipe read by this process (which is
  // busy running autocannon) those writes would block the app — Node writes to pipes synchronously
  // on Linux — and the figures would measure this script. A file behaves like a log collector.
  const logFile = path.join(os.tmpdir(), `toolforge-bench-app-${process.pid}.log`);
  const logFd = openSync(logFile, 'w');
  // detached: the app (and any workers it spawns) get their own process
  // group, so cleanup can kill the whole group with kill(-pid).
  const child = spawn(process.execPath, [...nodeArgs(), serverEntry], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  child.logFile = logFile;
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return child;
}

async function waitForHealth(baseUrl, app, timeoutMs, pollMs) {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  let exited = null;
  app.exited.then((info) => (exited = info));
  while (Date.now() < deadline) {
    if (exited) {
      throw new Error(
        `the app exited during startup (code ${exited.code ?? exited.signal}). ${lastOutput(app)}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
      lastProblem = `HTTP ${res.status}`;
    } catch (err) {
      lastProblem = err.cause?.code ?? err.message;
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error(
    `the app did not answer 200 on GET /api/health within ${timeoutMs / 1000}s ` +
      `(last: ${lastProblem}). ${lastOutput(app)}`,
  );
}

function lastOutput(app) {
  let lines = [];
  try {
    lines = readFileSync(app.logFile, 'utf8').split('\n').filter(Boolean).slice(-40);
  } catch {
    // no log written
  }
  return lines.length ? `Last output:\n${lines.join('\n')}` : 'It printed nothing.';
}

/** GET a URL; fails on anything but 2xx, since benchmarking an error or a redirect is meaningless. */
async function fetchSample(url, headers = undefined) {
  const res = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  // fetch transparently decodes gzip/br; the decoded bytes are what we want,
  // because autocannon sends no Accept-Encoding, so the app serves them
  // uncompressed during the measurement too.
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status < 200 || res.status > 299) {
    throw new Error(`GET ${url} answered HTTP ${res.status}; cannot benchmark it`);
  }
  return { body, contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
}

function startBareServer(state, body, contentType) {
  return new Promise((resolve, reject) => {
    if (state.aborted) return reject(new Error('interrupted'));
    // 'advanced' serialization passes the Buffer as bytes rather than JSON.
    const child = fork(SCRIPT, ['--bare-server'], { serialization: 'advanced', stdio: 'inherit' });
    state.bare.add(child);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bare server exited early (code ${code})`)));
    child.once('message', ({ port }) => resolve({ child, port }));
    child.send({ body, contentType });
  });
}

async function stopChild(child, state) {
  state.bare.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** One autocannon run; the tracker is kept so Ctrl-C can stop it. */
async function load(state, opts) {
  // Imported lazily so `--bare-server` children do not pay for it.
  const { default: autocannon } = await import('autocannon');
  if (state.aborted) throw new Error('interrupted');
  const tracker = autocannon(opts);
  state.tracker = tracker;
  try {
    const result = await tracker;
    if (state.aborted) throw new Error('interrupted');
    return result;
  } finally {
    state.tracker = null;
  }
}

function killGroup(child, signal) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Group already gone.
  }
}

async function doCleanup(state) {
  for (const child of [...state.bare]) await stopChild(child, state);
  if (state.nginx) {
    const { child, exited } = state.nginx;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    state.nginx = null;
  }
  if (state.nginxPrefix) {
    await rm(state.nginxPrefix, { recursive: true, force: true }).catch(() => {});
    state.nginxPrefix = null;
  }
  const app = state.app;
  if (app && app.exitCode === null && app.signalCode === null) {
    killGroup(app, 'SIGTERM');
    // Give Next a moment to shut down cleanly (PGlite flushes its files),
    // then force it.
    const timer = setTimeout(() => killGroup(app, 'SIGKILL'), 5_000);
    await app.exited;
    clearTimeout(timer);
  }
  // Only after the app has exited, so nothing is still writing into the dir.
  if (state.dataDir) {
    await rm(state.dataDir, { recursive: true, force: true }).catch((err) =>
      console.error(`bench: could not remove ${state.dataDir}: ${err.message}`),
    );
    state.dataDir = null;
  }
  if (state.app?.logFile) {
    rmSync(state.app.logFile, { force: true });
  }
}

function hasErrors(run) {
  return run.non2xx > 0 || run.errors > 0;
}

function pct(a, b) {
  return b > 0 ? (a / b) * 100 : 0;
}

/**
 * Starts nginx with the project's configuration in front of the app and measures the targets
 * through it. Without nginx installed the rows are skipped (reported, not an error).
 */
async function measureThroughProxy(state, { port, targets, measure, headers, warmup, preferredPort }) {
  if (!findNginx()) {
    log('nginx is not installed (apt-get install -y nginx-light): skipping the rows through the proxy');
    return [];
  }
  state.nginxPrefix = await mkdtemp(path.join(os.tmpdir(), 'toolforge-bench-nginx-'));
  const proxyPort = await pickPort(preferredPort);
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  state.nginx = startNginx({
    prefix: state.nginxPrefix,
    listen: `127.0.0.1:${proxyPort}`,
    upstreams: [`127.0.0.1:${port}`],
    workers: os.cpus().length,
  });
  for (let i = 0; ; i++) {
    const ok = await fetch(`${proxyUrl}/nginx-health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (i > 100) throw new Error(`nginx did not answer on ${proxyUrl}: ${state.nginx.stderr()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  log(`nginx (deploy/nginx) is up on ${proxyUrl}`);
  const rows = [];
  for (const target of targets) {
    // The app must first finish what an earlier run queued (a saturated app keeps rendering for
    // seconds after the load stops), and the cache must hold the copy the measured request asks for:
    // nginx keeps one per Accept-Encoding (Vary), and the first request for it waits for the app.
    await waitUntilQuiet(`http://127.0.0.1:${port}/api/health/live`);
    for (let i = 0; i < warmup; i++) await fetchSample(proxyUrl + target, headers);
    const proxy = await measure(`nginx ${target}`, proxyUrl + target);
    const app = await measure(`app ${target} (as through nginx)`, `http://127.0.0.1:${port}${target}`);
    rows.push({ target, app, proxy });
  }
  return rows;
}

/** Resolves once `url` answers within 50 ms three times in a row (30 s at most). */
async function waitUntilQuiet(url) {
  const deadline = Date.now() + 30_000;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const started = performance.now();
    await fetchSample(url).catch(() => {});
    quick = performance.now() - started < 50 ? quick + 1 : 0;
    if (quick < 3) await new Promise((r) => setTimeout(r, 100));
  }
}

/** wrk's path, or null when it is not installed. */
function findWrk() {
  const which = spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

/** wrk prints its summary as one JSON line through this script (its own text output is for people). */
function wrkReportScript() {
  return `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"durationUs":%d,"p99Us":%d,"non2xx":%d,"errors":%d,"timeouts":%d}\\n',
    summary.requests, summary.duration, latency:percentile(99), e.status, e.connect + e.read + e.write, e.timeout))
end
`;
}

/** One wrk run (one thread per core), in the shape `measure` returns. */
async function loadWithWrk(state, bin, { url, connections, duration, headers }) {
  if (state.aborted) throw new Error('interrupted');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'toolforge-bench-wrk-'));
  try {
    const script = path.join(dir, 'report.lua');
    await writeFile(script, wrkReportScript());
    const args = ['-t', String(os.cpus().length), '-c', String(connections), '-d', `${duration}s`, '--timeout', '10s', '-s', script];
    for (const [name, value] of Object.entries(headers ?? {})) args.push('-H', `${name}: ${value}`);
    args.push(url);
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    state.bare.add(child);
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (out += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    state.bare.delete(child);
    if (state.aborted) throw new Error('interrupted');
    const line = out.split('\n').find((l) => l.startsWith('WRK_JSON '));
    if (code !== 0 || !line) throw new Error(`wrk failed on ${url} (exit ${code}):\n${out}`);
    const r = JSON.parse(line.slice('WRK_JSON '.length));
    return {
      reqPerSec: r.requests / (r.durationUs / 1e6),
      p99Ms: Math.round(r.p99Us / 100) / 10,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      totalRequests: r.requests,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function printProxyTable(results) {
  const fmt = (n) => Math.round(n).toLocaleString('en-US');
  console.log(`Through nginx, as a browser asks (Accept-Encoding: gzip), measured with ${results[0].tool}:`);
  const header = ['through nginx', 'req/s', 'p99 ms', 'app alone req/s', 'app alone p99 ms', 'x app', 'non-2xx/errors', 'verdict (>= 5x app, p99 <= 20 ms)'];
  const rows = results.map((r) => [
    r.target,
    fmt(r.proxy.reqPerSec),
    String(r.proxy.p99Ms),
    fmt(r.appReqPerSec),
    String(r.app.p99Ms),
    r.timesApp.toFixed(1),
    `${r.proxy.non2xx}/${r.proxy.errors}`,
    r.verdict,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log();
}

function printFirstLoadJs({ files, totalGzipBytes, missing }, budgetBytes, verdict) {
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
  console.log(`\nFirst-load JavaScript of / (gzipped; budget ${kb(budgetBytes)}): ${kb(totalGzipBytes)} in ${files.length} files, ${verdict}`);
  for (const f of files) console.log(`  ${kb(f.gzipBytes).padStart(9)}  ${f.file} (${kb(f.bytes)} raw)`);
  for (const file of missing) console.log(`  missing from the build: ${file}`);
  console.log();
}

function printTable(results) {
  const fmt = (n) => Math.round(n).toLocaleString('en-US');
  const header = [
    'target',
    'app req/s',
    'app p99 ms',
    'static-file req/s',
    'ratio vs app static (%)',
    'bare-node req/s',
    'ratio vs bare node (%)',
    'non-2xx/errors (app; bare)',
    'verdict',
  ];
  const rows = results.map((r) => [
    r.target,
    fmt(r.app.reqPerSec),
    String(r.app.p99Ms),
    fmt(r.staticReqPerSec),
    r.ratioVsStaticPct.toFixed(1),
    fmt(r.bare.reqPerSec),
    r.ratioVsBarePct.toFixed(1),
    `${r.app.non2xx}/${r.app.errors}; ${r.bare.non2xx}/${r.bare.errors}`,
    r.verdict,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  // Target names left-aligned, numbers right-aligned.
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log();
}
