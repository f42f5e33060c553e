import client from "prom-client";
import { recordRequest } from "@/server/metrics.mjs";

describe("per-request HTTP metrics on the default registry", () => {
  it("counts requests and their latency by route pattern, and 429s by limit", async () => {
    recordRequest({ method: "GET", route: "/api/orders/[id]", status: 200, seconds: 0.012 });
    recordRequest({ method: "GET", route: "/api/orders/[id]", status: 200, seconds: 0.3 });
    recordRequest({ method: "POST", route: "/api/reviews", status: 429, seconds: 0.004, rateLimitBucket: "review" });
    recordRequest({ method: "PROPFIND", route: "unmatched", status: 404, seconds: 0.001 });

    const text = await client.register.metrics();
    expect(text).toContain('http_requests_total{method="GET",route="/api/orders/[id]",status="200"} 2');
    expect(text).toContain('http_requests_total{method="OTHER",route="unmatched",status="404"} 1');
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.025",method="GET",route="/api/orders/[id]"} 1');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/orders/[id]"} 2');
    expect(text).toContain('rate_limit_refusals_total{bucket="review"} 1');
  });
});
