import { route } from "@/lib/http";
import { renderMetrics, requireMetricsToken } from "@/lib/metrics";

export const dynamic = "force-dynamic";

/** Prometheus scrape endpoint: 404 while METRICS_TOKEN is unset, 401 without the right bearer token. */
export const GET = route(async (request) => {
  requireMetricsToken(request.headers.get("authorization"));
  const { body, contentType } = await renderMetrics();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
});
