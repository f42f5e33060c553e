import { route } from "@/lib/api/route";
import { renderMetrics } from "@/lib/metrics";

export const dynamic = "force-dynamic";

/** Prometheus scrape endpoint: 404 while METRICS_TOKEN is unset, 401 without the right bearer token. */
export const GET = route("GET /api/metrics", async () => {
  const { body, contentType } = await renderMetrics();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
});
