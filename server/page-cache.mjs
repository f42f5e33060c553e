// @ts-check
// This process's copy of the pages that are the same for every visitor (docs/decisions/043): the
// answers that carry SHARED_CACHE_CONTROL (`/`, `/servicedata` and the product pages: next.config.mjs),
// asked for without a session cookie or a token. Rendering one costs 10–30 ms of CPU; replaying it costs well under one.
// The nginx cache in front (ADR 027) does the same for a deployment behind it; this one serves a shop
// that runs alone (`npm start`) and keeps each instance's renders down to one per page and change.
//
// - A copy is kept for a short lifetime and dropped on every instance as soon as the catalog or the
//   public reviews change (lib/changes calls dropCachedPages() for every notice, local or remote).
// - What is kept is Next's answer before this server adds the CSP nonce, and beside it that answer
//   rewritten and gzipped once with a stand-in nonce (`prepare`, ADR 057): each replay puts in a nonce
//   of its own without rewriting or compressing the page again.
// - One render per page at a time: requests that arrive meanwhile wait for it (or take the copy that
//   expired moments ago, if there is one) instead of rendering the same page again.
// - A render that was running when the copies were dropped is not kept (it may have read old data).
// - Next renders another HTML for crawlers that read only the HTML (metadata blocking in <head>
//   instead of streamed): they get copies of their own.
import { HTML_LIMITED_BOT_UA_RE } from "next/dist/shared/lib/router/utils/html-bots.js";
import { foldWriteHeadArguments, isPagePath, sendPreparedPage } from "./security-headers.mjs";
import { SHARED_CACHE_CONTROL } from "./shared-cache.mjs";

/**
 * @typedef {object} CachedPage
 * @property {number} status
 * @property {[string, string | string[] | number][]} headers Next's own headers, as it set them
 * @property {Buffer} body
 * @property {import("./prepared-page.mjs").PreparedPage | null} prepared the body made ready for replays, if `prepare` could
 * @property {number} expires
 */

/**
 * @typedef {object} PageCacheOptions
 * @property {number} [ttlMs] how long a copy is served before it is rendered again
 * @property {number} [staleMs] how long after that it may still answer while the page is rendered again
 * @property {number} [waitMs] how long a request waits for another's render before rendering itself
 * @property {number} [maxEntries] pages kept at most (the least recently served go first)
 * @property {number} [maxBytes] bytes kept at most, all pages together
 * @property {number} [maxPageBytes] a larger page is not kept
 * @property {(body: Buffer) => import("./prepared-page.mjs").PreparedPage | null} [prepare] makes a kept page ready for replays
 *   (the server's rewrite and gzip done once: security-headers' replayPreparer); without it each replay goes through them
 * @property {() => number} [now]
 */

// Set by our server before Next answers, or by our rewrite afterwards: never part of a kept copy.
const NOT_KEPT = new Set(["set-cookie", "content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date", "etag", "x-accel-expires"]);
const SESSION_COOKIE = /toolforge\./;

const HOLDER = Symbol.for("toolforge.pageCaches");

/** @returns {Set<{ clear(): void }>} */
function caches() {
  const holder = /** @type {{ [HOLDER]?: Set<{ clear(): void }> }} */ (globalThis);
  holder[HOLDER] ??= new Set();
  return holder[HOLDER];
}

/**
 * Drops every kept page of this process. lib/changes calls it for every change notice; the server
 * and the Next bundle each load this file, so the caches are found on globalThis.
 */
export function dropCachedPages() {
  for (const cache of caches()) cache.clear();
}

/**
 * Whether this request may be answered from (and fill) the copy: a plain GET of a page by someone
 * who is not signed in. RSC payloads (client navigations, prefetches) and server actions are not.
 * @param {import("node:http").IncomingMessage} req
 */
export function isSharedPageRequest(req) {
  if (req.method !== "GET") return false;
  if (!isPagePath(req.url ?? "/")) return false;
  const { headers } = req;
  if (headers.rsc !== undefined || headers["next-action"] !== undefined || headers["next-router-prefetch"] !== undefined) return false;
  if (headers.authorization !== undefined) return false;
  return !SESSION_COOKIE.test(String(headers.cookie ?? ""));
}

/**
 * @param {PageCacheOptions} [options]
 */
export function createPageCache({ ttlMs = 2_000, staleMs = 5_000, waitMs = 10_000, maxEntries = 200, maxBytes = 32 * 1024 * 1024, maxPageBytes = 1024 * 1024, prepare, now = Date.now } = {}) {
  /** @type {Map<string, CachedPage>} least recently served first */
  const pages = new Map();
  /** @type {Map<string, Promise<CachedPage | null>>} */
  const rendering = new Map();
  // Pages that were kept before: a request for one waits for a render already running. Others (a
  // redirect, a signed-in page asked for without a session, a 404) are rendered for each request.
  /** @type {Set<string>} */
  const known = new Set();
  let bytes = 0;
  let generation = 0;

  /** @param {Buffer} body */
  const prepareSafely = (body) => {
    try {
      return prepare?.(body) ?? null;
    } catch {
      // Unprepared, the copy is still served: rewritten and compressed per answer, as a render is.
      return null;
    }
  };

  /** @param {CachedPage} page */
  const sizeOf = (page) => page.body.length + (page.prepared?.bytes ?? 0);

  /** @param {string} key */
  const forget = (key) => {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= sizeOf(page);
  };

  /** @param {string} key @param {CachedPage} page */
  const keep = (key, page) => {
    if (known.size >= maxEntries * 4) known.clear();
    known.add(key);
    forget(key);
    pages.set(key, page);
    bytes += sizeOf(page);
    for (const [oldest] of pages) {
      if (pages.size <= maxEntries && bytes <= maxBytes) break;
      forget(oldest);
    }
  };

  /**
   * Answers with a kept copy; the server's wrappers on `res` add the nonce, the policy and the
   * compression, as for a render.
   * @param {import("node:http").ServerResponse} res
   * @param {CachedPage} page
   * @param {string} outcome
   */
  const replay = (res, page, outcome) => {
    res.statusCode = page.status;
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader("x-page-cache", outcome);
    if (page.prepared && sendPreparedPage(res, page.prepared)) return;
    res.end(page.body);
  };

  /**
   * Renders the page with `render` while copying what Next writes, and keeps the copy if it is a
   * complete 200 that declares itself the same for everyone and no drop happened meanwhile.
   * @param {string} key
   * @param {import("node:http").ServerResponse} res
   * @param {() => Promise<void>} render
   */
  const renderAndKeep = (key, res, render) => {
    // A client that left while waiting for another's render: nothing to answer, nothing to keep.
    if (res.destroyed) return Promise.resolve();
    const startedIn = generation;
    const ours = new Set(res.getHeaderNames());
    /** @type {[string, string | string[] | number][] | null} */
    let headers = null;
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let keepable = true;

    const snapshot = () => {
      if (headers) return;
      headers = [];
      for (const name of res.getHeaderNames()) {
        const value = res.getHeader(name);
        if (ours.has(name) || NOT_KEPT.has(name) || value === undefined) continue;
        headers.push([name, value]);
      }
      const cacheControl = [res.getHeader("cache-control")].flat().join(", ");
      const type = String(res.getHeader("content-type") ?? "");
      if (res.statusCode !== 200 || cacheControl !== SHARED_CACHE_CONTROL || !type.includes("text/html") || res.hasHeader("set-cookie")) keepable = false;
      // Only pages that can be kept say so (and count as misses); the rest pass by unmarked.
      else res.setHeader("x-page-cache", "miss");
    };
    /** @param {unknown} chunk @param {BufferEncoding | undefined} encoding */
    const copy = (chunk, encoding) => {
      if (!keepable || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = typeof chunk === "string" ? Buffer.from(chunk, encoding) : Buffer.from(/** @type {Uint8Array} */ (chunk));
      size += buffer.length;
      if (size > maxPageBytes) keepable = false;
      else chunks.push(buffer);
    };

    const writeHead = res.writeHead;
    const flushHeaders = res.flushHeaders;
    const write = res.write;
    const end = res.end;
    res.flushHeaders = function () {
      snapshot();
      flushHeaders.call(res);
    };
    res.writeHead = /** @type {typeof res.writeHead} */ (
      function (/** @type {number} */ status, /** @type {unknown[]} */ ...rest) {
        foldWriteHeadArguments(res, status, rest);
        snapshot();
        return writeHead.call(res, status);
      }
    );
    res.write = /** @type {typeof res.write} */ (
      function (/** @type {unknown} */ chunk, /** @type {unknown[]} */ ...rest) {
        snapshot();
        copy(chunk, typeof rest[0] === "string" ? /** @type {BufferEncoding} */ (rest[0]) : undefined);
        return Reflect.apply(write, res, [chunk, ...rest]);
      }
    );
    res.end = /** @type {typeof res.end} */ (
      function (/** @type {unknown} */ chunk, /** @type {unknown[]} */ ...rest) {
        snapshot();
        copy(chunk, typeof rest[0] === "string" ? /** @type {BufferEncoding} */ (rest[0]) : undefined);
        return Reflect.apply(end, res, [chunk, ...rest]);
      }
    );

    /** @type {Promise<CachedPage | null>} */
    const done = new Promise((resolve) => {
      let settled = false;
      const settle = () => {
        if (settled) return;
        settled = true;
        const complete = res.writableFinished && keepable && headers !== null && generation === startedIn;
        if (!complete || !headers) return resolve(null);
        const body = Buffer.concat(chunks);
        const page = { status: res.statusCode, headers, body, prepared: prepareSafely(body), expires: now() + ttlMs };
        keep(key, page);
        resolve(page);
      };
      res.once("finish", settle);
      res.once("close", settle);
    });
    rendering.set(key, done);
    void done.finally(() => {
      if (rendering.get(key) === done) rendering.delete(key);
    });
    return render();
  };

  return {
    /** How many pages and bytes are kept (for tests and metrics). */
    get size() {
      return { pages: pages.size, bytes };
    },
    clear() {
      generation += 1;
      pages.clear();
      bytes = 0;
      // Renders already running are not kept: the next request starts a fresh one.
      rendering.clear();
    },
    /**
     * Answers `req` from the copy when there is one, else renders it with `render` (Next's handler)
     * and keeps the result. Call only for requests isSharedPageRequest() accepts.
     * @param {import("node:http").IncomingMessage} req
     * @param {import("node:http").ServerResponse} res
     * @param {() => Promise<void>} render
     * @returns {Promise<void>}
     */
    async serve(req, res, render) {
      const key = `${HTML_LIMITED_BOT_UA_RE.test(String(req.headers["user-agent"] ?? "")) ? "bot " : ""}${req.url ?? "/"}`;
      const page = pages.get(key);
      const at = now();
      if (page && page.expires > at) {
        // Most recently served last: the eviction order.
        pages.delete(key);
        pages.set(key, page);
        return replay(res, page, "hit");
      }
      const recent = page && page.expires + staleMs > at ? page : undefined;
      if (page && !recent) forget(key);
      if (recent && rendering.has(key)) return replay(res, recent, "stale");
      // Wait for the render running for a page kept before; if it is not kept (the copies were
      // dropped meanwhile), wait for the next one, up to waitMs in all.
      const giveUp = at + waitMs;
      for (let pending = rendering.get(key); pending && known.has(key) && now() < giveUp; pending = rendering.get(key)) {
        /** @type {NodeJS.Timeout | undefined} */
        let timer;
        const rendered = await Promise.race([pending, new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, giveUp - now()), null)))]).finally(() => clearTimeout(timer));
        if (res.destroyed) return;
        if (rendered) return replay(res, /** @type {CachedPage} */ (rendered), "hit");
      }
      return renderAndKeep(key, res, render);
    },
  };
}

/**
 * A page cache registered for dropCachedPages().
 * @param {PageCacheOptions} [options]
 */
export function installPageCache(options) {
  const cache = createPageCache(options);
  caches().add(cache);
  return cache;
}
