// @ts-check
// The shop's HTTP server: Next.js running in this process behind a plain Node server that owns what
// Next leaves to whoever runs it (docs/decisions/018, 019):
// - the client address: decided here, from the connection or a configured number of trusted proxies,
//   and handed to the app as the only x-forwarded-for value;
// - a request id per request (X-Request-Id), one JSON log line and HTTP metrics per request;
// - security headers on every answer, and an enforced CSP with a per-answer nonce on every page (ADR 021);
// - a copy of the pages that are the same for every visitor, dropped when what they show changes (ADR 043);
// - graceful shutdown: on SIGTERM or SIGINT stop accepting, let in-flight requests finish within
//   SHUTDOWN_GRACE_SECONDS, then close pending mail and the database, and exit.
//
//   node server/index.mjs          serve the existing production build (npm run start:built)
//   node server/index.mjs --dev    development server (npm run dev)
// `npm start` (scripts/start.mjs) builds when needed and then calls startShop() below.
import { randomUUID } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { format } from "node:util";
import nextEnv from "@next/env";
import { answerBadAddress, unusablePathReason } from "./bad-address.mjs";
import { applyClientAddress } from "./client-address.mjs";
import { runShutdownHooks } from "./lifecycle.mjs";
import { installPageCache, isSharedPageRequest } from "./page-cache.mjs";
import { applyPageStatus } from "./page-status.mjs";
import { createLogger, getLogger, installLogger, LOG_LEVELS } from "./logger.mjs";
import { recordRequest } from "./metrics.mjs";
import { allowedMethodsOf, answerMethodNotAllowed, isMethodAllowed } from "./method-not-allowed.mjs";
import { requestContextStorage } from "./request-context.mjs";
import { expireSharedCopiesWithTheSecond } from "./shared-cache.mjs";
import { createRouteLabeller, readBuiltRoutes, readPublicFiles, scanAppRoutes } from "./route-label.mjs";
import { applySecurityHeaders, readSecurityPolicy, replayPreparer } from "./security-headers.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** @typedef {{ port: number, trustedProxyHops: number, shutdownGraceMs: number, logLevel: import("./logger.mjs").LogLevel | undefined }} ServerSettings */

export class SettingsError extends Error {}

/**
 * @param {Record<string, string | undefined>} env
 * @param {string} name
 * @param {{ min: number, max: number, fallback: number, what: string }} rule
 */
function wholeNumber(env, name, { min, max, fallback, what }) {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new SettingsError(`Invalid configuration: ${name} must be ${what}`);
  }
  return value;
}

/**
 * The settings the server itself reads. lib/env.ts checks the same variables with the rest of the
 * configuration; these are read here too because they are needed before Next is loaded.
 * @param {Record<string, string | undefined>} env
 * @returns {ServerSettings}
 */
export function readServerSettings(env) {
  const port = wholeNumber(env, "PORT", { min: 1, max: 65535, fallback: 3000, what: "a port number" });
  const trustedProxyHops = wholeNumber(env, "TRUSTED_PROXY_HOPS", {
    min: 0,
    max: 10,
    fallback: 0,
    what: "the number of proxies in front of the shop, a whole number from 0 to 10",
  });
  const graceSeconds = wholeNumber(env, "SHUTDOWN_GRACE_SECONDS", {
    min: 1,
    max: 600,
    fallback: 10,
    what: "a whole number of seconds from 1 to 600",
  });
  const configuredLevel = env.LOG_LEVEL?.trim().toLowerCase();
  const logLevel = LOG_LEVELS.find((level) => level === configuredLevel);
  if (configuredLevel && !logLevel) {
    throw new SettingsError(`Invalid configuration: LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`);
  }
  return { port, trustedProxyHops, shutdownGraceMs: graceSeconds * 1000, logLevel };
}

const REQUEST_ID = /^[\w.:-]{8,128}$/;

/**
 * @param {string | string[] | undefined} value
 * @returns {string | undefined}
 */
function trustedRequestId(value) {
  const id = Array.isArray(value) ? value[0] : value;
  return id && REQUEST_ID.test(id) ? id : undefined;
}

/** @param {number} ms */
function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * Sends console output from Next and libraries through the logger, so production output is JSON
 * lines only and carries the request id.
 * @param {import("pino").Logger} logger
 */
function routeConsoleToLogger(logger) {
  /** @type {[keyof Console, "debug" | "info" | "warn" | "error"][]} */
  const methods = [
    ["debug", "debug"],
    ["log", "info"],
    ["info", "info"],
    ["warn", "warn"],
    ["error", "error"],
  ];
  for (const [method, level] of methods) {
    /** @param {unknown[]} args */
    const write = (...args) => logger[level](format(...args));
    Object.defineProperty(console, method, { value: write, configurable: true, writable: true });
  }
}

/**
 * @param {boolean} dev
 * @param {import("./logger.mjs").LogLevel | undefined} level
 */
async function makeLogger(dev, level) {
  if (dev) {
    try {
      // A devDependency: absent from production installs, where output stays JSON.
      const { default: pretty } = await import("pino-pretty");
      return createLogger({ level, destination: pretty({ colorize: true, singleLine: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" }) });
    } catch {
      // not installed: JSON lines
    }
  }
  return createLogger({ level });
}

/**
 * Renders the busiest pages once, so the first visitors do not pay for loading their code. The pages
 * read the database at request time (docs/decisions/027): there is no prerendered copy to refresh.
 * @param {string} base
 */
async function warmPages(base) {
  for (const page of ["/", "/servicedata"]) await fetch(`${base}${page}`).then((r) => r.arrayBuffer());
}

/**
 * `GET /api/health/live` is answered here, before Next: it tells a supervisor that the process and
 * its event loop answer, and must not touch the database or wait for a page. The server listens only
 * once Next is prepared (instrumentation has checked the configuration and migrated the database), so
 * a starting instance refuses connections, which a proxy passes to another instance, rather than
 * answering 503; a liveness probe must allow for the start (a startup probe, or an initial delay as
 * long as a migration). app/api/health/live answers the same for the API's description and tests.
 * @param {import("node:http").IncomingMessage} req
 */
function isLivenessProbe(req) {
  return (req.method === "GET" || req.method === "HEAD") && (req.url === "/api/health/live" || req.url?.startsWith("/api/health/live?") === true);
}

/** @param {import("node:http").ServerResponse} res */
function answerLive(res) {
  const body = JSON.stringify({ ok: true });
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body), "cache-control": "no-store" });
  res.end(res.req.method === "HEAD" ? undefined : body);
}

/**
 * Starts the shop and returns once it listens. Exits the process on a bad configuration and at the
 * end of a graceful shutdown.
 * @param {{ dev?: boolean, dir?: string, env?: Record<string, string | undefined> }} [options]
 */
export async function startShop({ dev = false, dir = ROOT, env = process.env } = {}) {
  // .env files, as Next reads them, but before the settings below are read (the environment wins).
  nextEnv.loadEnvConfig(dir, dev, { info: () => {}, error: (...args) => process.stderr.write(`${format(...args)}\n`) });
  /** @type {ServerSettings} */
  let settings;
  try {
    settings = readServerSettings(env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  // Next and React choose their production or development builds from NODE_ENV when they load.
  Object.assign(process.env, { NODE_ENV: dev ? "development" : "production" });
  const logger = await makeLogger(dev, settings.logLevel);
  installLogger(logger);
  if (!dev) routeConsoleToLogger(logger);

  /** @type {Set<import("node:http").ServerResponse>} */
  const inFlight = new Set();
  let stopping = false;
  /** @type {((req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => Promise<void>) | undefined} */
  let handle;
  /** @type {(pathname: string) => string} */
  let routeOf = () => "unmatched";
  /** @type {{ close(): Promise<void> } | undefined} */
  let nextApp;

  const securityPolicy = readSecurityPolicy(env, dev);
  // Development renders every request, so that an edit shows at once.
  const pageCache = dev ? undefined : installPageCache({ prepare: replayPreparer(securityPolicy) });

  const server = http.createServer((req, res) => {
    const started = process.hrtime.bigint();
    const id = (settings.trustedProxyHops > 0 ? trustedRequestId(req.headers["x-request-id"]) : undefined) ?? randomUUID();
    req.headers["x-request-id"] = id;
    applyClientAddress(req, settings.trustedProxyHops);
    res.setHeader("x-request-id", id);
    expireSharedCopiesWithTheSecond(res);
    applySecurityHeaders(req, res, securityPolicy);
    if (stopping) res.setHeader("connection", "close");
    inFlight.add(res);

    /** @type {import("./request-context.mjs").RequestContext} */
    const context = { id };
    const method = req.method ?? "GET";
    const route = routeOf((req.url ?? "/").split("?")[0] ?? "/");
    let recorded = false;
    const record = () => {
      if (recorded) return;
      recorded = true;
      inFlight.delete(res);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const status = res.statusCode;
      const aborted = !res.writableFinished;
      const pageCacheOutcome = res.getHeader("x-page-cache");
      recordRequest({ method, route, status, seconds, rateLimitBucket: context.rateLimitBucket, pageCache: typeof pageCacheOutcome === "string" ? pageCacheOutcome : undefined });
      const fields = { reqId: id, method, route, status, ms: Math.round(seconds * 10_000) / 10, ...(aborted ? { aborted } : {}) };
      if (status >= 500) logger.error(fields, "request");
      else logger.info(fields, "request");
      if (stopping) server.closeIdleConnections();
    };
    res.once("finish", record);
    res.once("close", record);

    requestContextStorage().run(context, () => {
      if (isLivenessProbe(req)) {
        answerLive(res);
        return;
      }
      const badPath = unusablePathReason(req.url ?? "/");
      if (badPath) {
        answerBadAddress(req, res, badPath);
        return;
      }
      const allowed = allowedMethodsOf(route);
      if (allowed && !isMethodAllowed(allowed, method)) {
        answerMethodNotAllowed(req, res, allowed);
        return;
      }
      if (!handle) {
        res.statusCode = 503;
        res.setHeader("retry-after", "5");
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ error: { code: "unavailable", message: "The shop is starting. Try again in a few seconds." } }));
        return;
      }
      const nextHandle = handle;
      // Installed when the render starts, so it sits outside the page cache's own wrappers and the
      // cache sees the page's real status (it keeps only 200s).
      const render = () => {
        applyPageStatus(req, res, context);
        return nextHandle(req, res);
      };
      const answered = pageCache && isSharedPageRequest(req) ? pageCache.serve(req, res, render) : render();
      answered.catch((error) => {
        logger.error({ error }, "request handler failed");
        if (!res.headersSent) {
          res.statusCode = 500;
          res.setHeader("content-type", "application/json");
          res.end(JSON.stringify({ error: { code: "internal", message: "Something went wrong on our side. Please try again." } }));
        } else {
          res.destroy();
        }
      });
    });
  });

  /** @param {NodeJS.Signals} signal */
  const shutdown = async (signal) => {
    if (stopping) {
      // A second Ctrl-C means "now".
      if (signal === "SIGINT") process.exit(130);
      return;
    }
    stopping = true;
    const deadline = Date.now() + settings.shutdownGraceMs;
    logger.info({ signal, inFlight: inFlight.size, graceSeconds: settings.shutdownGraceMs / 1000 }, "shutting down");
    // Requests whose answer has not started yet close their connection when answered.
    for (const res of inFlight) if (!res.headersSent) res.setHeader("connection", "close");
    const closed = new Promise((resolve) => {
      if (!server.listening) return resolve(undefined);
      server.close(() => resolve(undefined));
    });
    server.closeIdleConnections();
    const drained = await Promise.race([closed.then(() => true), delay(settings.shutdownGraceMs).then(() => false)]);
    if (!drained) {
      logger.warn({ inFlight: inFlight.size }, "shutdown deadline reached: cutting the requests still running");
      server.closeAllConnections();
      // The cut requests' "close" events, which write their log lines, come on the loop's next turns.
      for (let i = 0; i < 50 && inFlight.size > 0; i += 1) await delay(10);
    }
    // What is still running past the deadline is cut by the exit: every write runs in a database
    // transaction, which is rolled back when its connection (or PGlite's process) goes away.
    const remaining = Math.max(2000, deadline - Date.now());
    let closedCleanly = true;
    const closeAll = async () => {
      await nextApp?.close().catch((/** @type {unknown} */ error) => logger.warn({ error }, "closing Next failed"));
      await runShutdownHooks((name, error) => {
        closedCleanly = false;
        logger.error({ hook: name, error }, "shutdown step failed");
      });
    };
    const finished = await Promise.race([closeAll().then(() => true), delay(remaining).then(() => false)]);
    if (!finished) logger.warn("shutdown steps did not finish in time");
    const code = drained && finished && closedCleanly ? 0 : 1;
    logger.info({ code }, "stopped");
    process.exit(code);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  const { default: next } = await import("next");
  const app = next({ dev, dir, port: settings.port, customServer: true, httpServer: server });
  nextApp = app;
  // Runs instrumentation.ts: the configuration check and the database's migrations, before listening.
  await app.prepare();
  if (stopping) return server;
  handle = app.getRequestHandler();
  const labeller = dev
    ? createRouteLabeller({ routes: scanAppRoutes(path.join(dir, "app")), publicFiles: readPublicFiles(path.join(dir, "public")) })
    : createRouteLabeller({ routes: readBuiltRoutes(path.join(dir, ".next")), publicFiles: readPublicFiles(path.join(dir, "public")) });
  routeOf = labeller;

  // An idle kept-alive connection is closed after 65 s, not Node's 5 s: a client (nginx's upstream
  // pool, an API client, a test's request context) that reuses one just as the server closes it gets a
  // reset instead of an answer. 65 s outlasts nginx's and most proxies' 60 s; the header wait is longer still.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.port, () => {
      server.off("error", reject);
      resolve(undefined);
    });
  }).catch((/** @type {NodeJS.ErrnoException} */ error) => {
    process.stderr.write(
      error.code === "EADDRINUSE" ? `Port ${settings.port} is already in use: set PORT to a free port.\n` : `Cannot listen on port ${settings.port}: ${error.message}\n`,
    );
    process.exit(1);
  });
  const url = `http://localhost:${settings.port}`;
  logger.info({ url, trustedProxyHops: settings.trustedProxyHops, dev }, "listening");

  if (!dev) {
    warmPages(`http://127.0.0.1:${settings.port}`)
      .then(() => logger.info({ url }, "ready"))
      .catch((error) => logger.warn({ error }, "warming the pages after start failed"));
  }
  return server;
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  startShop({ dev: process.argv.includes("--dev") }).catch((error) => {
    getLogger().fatal({ error }, "the server could not start");
    process.exit(1);
  });
}
