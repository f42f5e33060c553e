import { z } from "zod";
import { ZOD_GLOBAL_CONFIG } from "./zod-jitless";

describe("zod's settings on globalThis (instrumentation-client.ts turns its JIT off there)", () => {
  it("are the object z.config() reads and writes", () => {
    const store = globalThis as unknown as Record<string, Record<string, unknown> | undefined>;
    expect(store[ZOD_GLOBAL_CONFIG]).toBe(z.config());
    const before = z.config().jitless;
    try {
      store[ZOD_GLOBAL_CONFIG]!.jitless = true;
      expect(z.config().jitless).toBe(true);
      expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
    } finally {
      store[ZOD_GLOBAL_CONFIG]!.jitless = before;
    }
  });
});
