// @ts-check
// What the server knows about the request being handled, readable anywhere below it (logs, limits).
// The storage lives on globalThis because this file is loaded twice in one process: once by the
// server itself and once inside the Next bundle (lib/log.ts, lib/rate-limit.ts).
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * @typedef {object} RequestContext
 * @property {string} id the request id, also answered as X-Request-Id
 * @property {string | undefined} [rateLimitBucket] set when a rate limit refused the request
 * @property {403 | 404 | undefined} [pageStatus] set by a page that answers "forbidden" or "not found" with
 *   its own message (server/page-status.mjs)
 */

const STORAGE = Symbol.for("toolforge.requestContext");

/** @returns {AsyncLocalStorage<RequestContext>} */
export function requestContextStorage() {
  const holder = /** @type {{ [STORAGE]?: AsyncLocalStorage<RequestContext> }} */ (globalThis);
  holder[STORAGE] ??= new AsyncLocalStorage();
  return holder[STORAGE];
}

/** The request being handled, or undefined outside a request (start-up, jest). */
export function currentRequest() {
  return requestContextStorage().getStore();
}

/**
 * Notes which limit refused the request, so the server can count the refusal by bucket.
 * @param {string} bucket
 */
export function noteRateLimitRefusal(bucket) {
  const context = currentRequest();
  if (context) context.rateLimitBucket = bucket;
}

/**
 * Asks for the page being rendered to be answered with `status` (server/page-status.mjs applies it):
 * for a page that shows its own "not found" or "forbidden" message instead of calling Next's
 * notFound() or forbidden(), whose answer is an empty document until the scripts run.
 * @param {403 | 404} status
 */
export function answerPageWith(status) {
  const context = currentRequest();
  if (context) context.pageStatus = status;
}
