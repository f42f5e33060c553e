import { jest } from "@jest/globals";
import * as healthRoute from "@/app/api/health/route";
import { resetEnvForTests } from "@/lib/env";

describe("GET /api/health with the database down", () => {
  it("answers 503, says the database is down, and logs why", async () => {
    // Nothing listens on port 1: the database cannot be reached.
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/unreachable";
    resetEnvForTests();
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = await healthRoute.GET();
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ ok: false, database: "down" });
      expect(errors.mock.calls.some(([line]) => String(line).includes('"message":"health check failed"'))).toBe(true);
    } finally {
      errors.mockRestore();
    }
  });
});
