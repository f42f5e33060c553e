// @ts-check
// The one Cache-Control for public answers that are the same for every visitor (the anonymous pages
// and the catalog API): a shared cache (nginx, deploy/nginx) may keep them for a second and serve a
// stale copy while it fetches a new one; browsers always ask again (docs/decisions/027, 028).
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=1, stale-while-revalidate=59";

/**
 * nginx counts freshness in whole seconds from its clock's current second, so `s-maxage=1` keeps a
 * copy fresh for 1 to 2 s. An X-Accel-Expires header naming the current second (an "at" sign and
 * the Unix time; nginx prefers it to Cache-Control's max-age and keeps the stale-while-revalidate)
 * ends freshness at the end of that second instead: a change is then served within about a second
 * plus one render.
 * Only answers carrying exactly SHARED_CACHE_CONTROL get it: X-Accel-Expires would override a
 * `private` or `no-store`.
 * @param {import("node:http").ServerResponse} res
 */
export function expireSharedCopiesWithTheSecond(res) {
  const writeHead = res.writeHead;
  /** @type {typeof res.writeHead} */
  const patched = function (...args) {
    // Next sets a route handler's headers with appendHeader: the value may be a one-item array.
    const cacheControl = [res.getHeader("cache-control")].flat().join(", ");
    if (cacheControl === SHARED_CACHE_CONTROL && !res.hasHeader("x-accel-expires")) {
      res.setHeader("x-accel-expires", `@${Math.floor(Date.now() / 1000)}`);
    }
    return /** @type {typeof res.writeHead} */ (writeHead).apply(res, /** @type {Parameters<typeof res.writeHead>} */ (args));
  };
  res.writeHead = patched;
}
