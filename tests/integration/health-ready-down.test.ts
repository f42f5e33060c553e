import { jest } from "@jest/globals";
import * as liveRoute from "@/app/api/health/live/route";
import * as readyRoute from "@/app/api/health/ready/route";
import { resetEnvForTests } from "@/lib/env";
import { makeRequest, noParams } from "@/tests/fixtures/http";

describe("health endpoints with the database down", () => {
  it("stays live but is not ready, and says the database is why", async () => {
    // Nothing listens on port 1: the database cannot be reached.
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/unreachable";
    resetEnvForTests();
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const readiness = await readyRoute.GET(makeRequest("/api/health/ready"), noParams());
      expect(readiness.status).toBe(503);
      expect(await readiness.json()).toEqual({
        ready: false,
        checks: {
          database: { ok: false, detail: "The database does not answer." },
          migrations: { ok: false, detail: "Unknown while the database is down." },
        },
      });
      const liveness = await liveRoute.GET(makeRequest("/api/health/live"), noParams());
      expect(liveness.status).toBe(200);
    } finally {
      errors.mockRestore();
    }
  });
});
