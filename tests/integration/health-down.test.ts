import * as healthRoute from "@/app/api/health/route";
import { resetEnvForTests } from "@/lib/env";
import { captureLogs } from "@/tests/fixtures/logs";
import { makeRequest, noParams } from "@/tests/fixtures/http";

describe("GET /api/health with the database down", () => {
  it("answers 503, says the database is down, and logs why", async () => {
    // Nothing listens on port 1: the database cannot be reached.
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/unreachable";
    resetEnvForTests();
    const logs = captureLogs();
    try {
      const response = await healthRoute.GET(makeRequest("/api/health"), noParams());
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ ok: false, database: "down" });
      expect(logs.lines.some((line) => line.level === "error" && line.msg === "health check failed")).toBe(true);
    } finally {
      logs.restore();
    }
  });
});
