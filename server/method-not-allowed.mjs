// A method a route does not have (PUT /api/products) is answered here, before Next: with the API's
// JSON error and the Allow header RFC 9110 §15.5.6 asks for. Next's own answer has neither. The methods
// come from the route table (lib/api/routes.ts), which the app publishes when it starts
// (lib/startup.ts); both sides live in one process but in different module graphs, so the table is
// handed over on globalThis under a registered symbol.

const KEY = Symbol.for("toolforge.allowedMethods");

/**
 * Publishes what each route answers, by Next's route pattern: `{ "/api/products/[id]": ["DELETE", "GET", "PATCH"] }`.
 * @param {Record<string, string[]>} table
 */
export function publishAllowedMethods(table) {
  /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis))[KEY] = table;
}

/**
 * The methods the route (a pattern from server/route-label.mjs) answers; null for a route the table
 * does not cover (pages, the unknown-address catch-all) and before the app has published the table.
 * @param {string} route
 * @returns {string[] | null}
 */
export function allowedMethodsOf(route) {
  const table = /** @type {Record<string, string[]> | undefined} */ (/** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis))[KEY]);
  const methods = table?.[route];
  return Array.isArray(methods) ? methods : null;
}

/**
 * The Allow header for those methods: HEAD wherever GET is, and OPTIONS, which Next answers for every route.
 * @param {string[]} methods
 */
export function allowHeader(methods) {
  const all = new Set(methods);
  if (all.has("GET")) all.add("HEAD");
  all.add("OPTIONS");
  return [...all].sort().join(", ");
}

/**
 * @param {string[]} methods
 * @param {string} method
 */
export function isMethodAllowed(methods, method) {
  return method === "OPTIONS" || methods.includes(method) || (method === "HEAD" && methods.includes("GET"));
}

/**
 * 405 with Allow and the API's error body, without reading the request's body.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {string[]} methods
 */
export function answerMethodNotAllowed(req, res, methods) {
  const allow = allowHeader(methods);
  const path = (req.url ?? "/").split("?")[0];
  const body = JSON.stringify({ error: { code: "method_not_allowed", message: `${req.method} is not allowed on ${path}: it answers ${allow}.` } });
  res.writeHead(405, { allow, "content-type": "application/json", "content-length": Buffer.byteLength(body), "cache-control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : body);
}
