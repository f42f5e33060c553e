import { z } from "zod";
import { zodGlobalConfig } from "./zod-jitless";

describe("zod's settings on globalThis (instrumentation-client.ts turns its JIT off there)", () => {
  it("are the object z.config() reads and writes", () => {
    expect(zodGlobalConfig()).toBe(z.config());
    const before = z.config().jitless;
    try {
      zodGlobalConfig().jitless = true;
      expect(z.config().jitless).toBe(true);
      expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
    } finally {
      zodGlobalConfig().jitless = before;
    }
  });
});
