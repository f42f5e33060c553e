import { AppError, isAppError } from "@/lib/errors";
import { errorResponse } from "@/lib/http";

/**
 * A production build gives each route its own copy of lib/errors, and the better-auth instance throws
 * with the copy of the route that made it. Such an error must still be answered as what it is.
 */
const BRAND: unique symbol = Symbol.for("toolforge.AppError");

describe("AppError from another copy of the module", () => {
  class OtherCopysAppError extends Error {
    readonly [BRAND] = true;
    readonly kind = "invalid" as const;
    readonly details = { reason: "used" };
    constructor(message: string) {
      super(message);
      this.name = "AppError";
    }
  }

  it("is recognised by its brand, not by instanceof", () => {
    const foreign = new OtherCopysAppError("This link has already been used.");
    expect(foreign instanceof AppError).toBe(false);
    expect(isAppError(foreign)).toBe(true);
    expect(isAppError(new AppError("invalid", "x"))).toBe(true);
    expect(isAppError(new Error("x"))).toBe(false);
    expect(isAppError({ name: "AppError", kind: "invalid" })).toBe(false);
  });

  it("is answered with its own status and message, not a 500", async () => {
    const response = errorResponse(new OtherCopysAppError("This link has already been used."));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: { code: "invalid", message: "This link has already been used.", details: { reason: "used" } } });
  });
});

describe("a database out of reach", () => {
  const wrapped = (cause: object) => Object.assign(new Error("Failed query: select 1"), { cause });

  it("is answered 503 with Retry-After and a message a person can act on, not a 500", async () => {
    const { DATABASE_UNAVAILABLE } = await import("@/lib/http");
    for (const error of [
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      new Error("timeout exceeded when trying to connect"),
      wrapped(Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" })),
      wrapped(Object.assign(new Error("sorry, too many clients already"), { code: "53300" })),
      wrapped(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })),
    ]) {
      const response = errorResponse(error);
      expect({ message: error.message, status: response.status }).toEqual({ message: error.message, status: 503 });
      expect(response.headers.get("retry-after")).toBe("5");
      expect(await response.json()).toEqual({ error: { code: "unavailable", message: DATABASE_UNAVAILABLE } });
    }
  });

  it("leaves another service's network failure to its own answer (an image host's fetch is not the database)", () => {
    const fetchFailed = Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error("connect ECONNREFUSED 10.0.0.9:443"), { code: "ECONNREFUSED" }) });
    expect(errorResponse(fetchFailed).status).toBe(500);
    const drizzleWrapped = Object.assign(new Error("Failed query: select 1"), { name: "DrizzleQueryError", cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }) });
    expect(errorResponse(drizzleWrapped).status).toBe(503);
  });

  it("answers a transaction PostgreSQL ended to untangle a deadlock or a serialization failure 503, to be sent again", async () => {
    const { TRANSACTION_CONFLICT } = await import("@/lib/http");
    for (const error of [
      wrapped(Object.assign(new Error("deadlock detected"), { code: "40P01" })),
      wrapped(Object.assign(new Error("could not serialize access due to concurrent update"), { code: "40001" })),
    ]) {
      const response = errorResponse(error);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("1");
      expect(await response.json()).toEqual({ error: { code: "unavailable", message: TRANSACTION_CONFLICT } });
    }
  });

  it("leaves a query's own mistakes a 500", () => {
    expect(errorResponse(wrapped(Object.assign(new Error('column "nope" does not exist'), { code: "42703" }))).status).toBe(500);
    expect(errorResponse(new Error("something else")).status).toBe(500);
  });
});
