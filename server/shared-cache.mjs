// @ts-check
// The one Cache-Control for public answers that are the same for every visitor (the anonymous pages
// and the catalog API): a shared cache (nginx, deploy/nginx) may keep them for a second and serve a
// stale copy while it fetches a new one; browsers always ask again (docs/decisions/027, 028).
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=1, stale-while-revalidate=59";

/**
 * What Next sends with a page it prerendered at build time (/forgot-password) or regenerates:
 * `s-maxage=31536000`, a year in a shared cache. nginx would then serve the build's page long after a
 * deploy, its scripts gone from the new instances. Such a page is the same for every visitor, so it
 * gets the shared second like the other anonymous pages (policyForPrerendered).
 */
const NEXT_PRERENDERED = /^s-maxage=\d+(?:, stale-while-revalidate(?:=\d+)?)?$/;

/**
 * The Cache-Control a prerendered answer is sent with, by its status. A 304 (Next's answer to a
 * matching If-None-Match) revalidates the same copy as the 200, and its headers replace the stored
 * ones (RFC 9111 section 4.3.4, https://www.rfc-editor.org/rfc/rfc9111#section-4.3.4): `no-store`
 * there would drop the copy it just confirmed. An error page is not kept. A redirect (3xx) is not
 * either: the shop prerenders none (its redirect() calls read the session or the query, so those
 * pages render per request), so sharing one would save nothing.
 * @param {number} status
 */
function policyForPrerendered(status) {
  return status === 200 || status === 304 ? SHARED_CACHE_CONTROL : "no-store";
}

/**
 * The status an answer is about to be sent with: writeHead's first argument, or what was set before.
 * @param {import("node:http").ServerResponse} res
 * @param {unknown[]} args
 */
function statusOf(res, args) {
  return typeof args[0] === "number" ? args[0] : res.statusCode;
}

/**
 * nginx counts freshness in whole seconds from its clock's current second, so `s-maxage=1` keeps a
 * copy fresh for 1 to 2 s. An X-Accel-Expires header naming the current second (an "at" sign and
 * the Unix time; nginx prefers it to Cache-Control's max-age and keeps the stale-while-revalidate)
 * ends freshness at the end of that second instead: a change is then served within about a second
 * plus one render.
 * Only answers carrying exactly SHARED_CACHE_CONTROL get it: X-Accel-Expires would override a
 * `private` or `no-store`. A page Next prerendered is given that policy first (NEXT_PRERENDERED).
 * @param {import("node:http").ServerResponse} res
 */
export function expireSharedCopiesWithTheSecond(res) {
  const writeHead = res.writeHead;
  /** @type {typeof res.writeHead} */
  const patched = function (...args) {
    // Next sets a route handler's headers with appendHeader: the value may be a one-item array.
    let cacheControl = [res.getHeader("cache-control")].flat().join(", ");
    if (NEXT_PRERENDERED.test(cacheControl)) {
      cacheControl = policyForPrerendered(statusOf(res, args));
      res.setHeader("cache-control", cacheControl);
    }
    if (cacheControl === SHARED_CACHE_CONTROL && !res.hasHeader("x-accel-expires")) {
      res.setHeader("x-accel-expires", `@${Math.floor(Date.now() / 1000)}`);
    }
    return /** @type {typeof res.writeHead} */ (writeHead).apply(res, /** @type {Parameters<typeof res.writeHead>} */ (args));
  };
  res.writeHead = patched;
}
