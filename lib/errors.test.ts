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
