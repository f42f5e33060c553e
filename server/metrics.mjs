// @ts-check
// Per-request HTTP metrics on prom-client's default registry, which GET /api/metrics exposes.
// prom-client is a server external package (next.config.mjs), so the server and the Next bundle
// load one copy of it and share one registry.
import client from "prom-client";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The metric registered under `name`, or a new one: the Next bundle and the server may both ask.
 * @template {client.Metric} M
 * @param {string} name
 * @param {() => M} create
 * @returns {M}
 */
function once(name, create) {
  return /** @type {M | undefined} */ (client.register.getSingleMetric(name)) ?? create();
}

export const httpRequestsTotal = once(
  "http_requests_total",
  () =>
    new client.Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status code.",
      labelNames: ["method", "route", "status"],
    }),
);

export const httpRequestDurationSeconds = once(
  "http_request_duration_seconds",
  () =>
    new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time from receiving a request to the end of its response, by method and route pattern.",
      labelNames: ["method", "route"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

export const rateLimitRefusalsTotal = once(
  "rate_limit_refusals_total",
  () =>
    new client.Counter({
      name: "rate_limit_refusals_total",
      help: "Requests refused with 429 by a rate limit, by limit (bucket).",
      labelNames: ["bucket"],
    }),
);

export const pageCacheAnswersTotal = once(
  "page_cache_answers_total",
  () =>
    new client.Counter({
      name: "page_cache_answers_total",
      help: "Anonymous page requests by how the page cache answered them: hit (a kept copy), stale (an expired copy while it is rendered again) or miss (rendered).",
      labelNames: ["outcome"],
    }),
);

const PAGE_CACHE_OUTCOMES = new Set(["hit", "stale", "miss"]);

/**
 * Records one answered request.
 * @param {{ method: string, route: string, status: number, seconds: number, rateLimitBucket?: string, pageCache?: string }} request
 */
export function recordRequest({ method, route, status, seconds, rateLimitBucket, pageCache }) {
  if (pageCache && PAGE_CACHE_OUTCOMES.has(pageCache)) pageCacheAnswersTotal.inc({ outcome: pageCache });
  const methodLabel = METHODS.has(method) ? method : "OTHER";
  httpRequestsTotal.inc({ method: methodLabel, route, status: String(status) });
  httpRequestDurationSeconds.observe({ method: methodLabel, route }, seconds);
  if (status === 429) rateLimitRefusalsTotal.inc({ bucket: rateLimitBucket ?? "unknown" });
}
