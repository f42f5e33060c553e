import { execFileSync } from "node:child_process";
import { DEFAULT_HEAP_MB, nodeArgs } from "@/server/heap.mjs";

describe("the server's heap cap (server/heap.mjs)", () => {
  it("caps the old generation at 320 MB unless TOOLFORGE_HEAP_MB says otherwise", () => {
    expect(DEFAULT_HEAP_MB).toBe(320);
    expect(nodeArgs({})).toEqual(["--max-old-space-size=320"]);
    expect(nodeArgs({ TOOLFORGE_HEAP_MB: "" })).toEqual(["--max-old-space-size=320"]);
    expect(nodeArgs({ TOOLFORGE_HEAP_MB: "1024" })).toEqual(["--max-old-space-size=1024"]);
  });

  it("refuses a value that is not a whole number of at least 128 megabytes", () => {
    for (const bad of ["64", "1.5", "lots", "-1"]) expect(() => nodeArgs({ TOOLFORGE_HEAP_MB: bad })).toThrow(/TOOLFORGE_HEAP_MB/);
  });

  it("is the limit node applies when started with those arguments", () => {
    const limit = execFileSync(process.execPath, [...nodeArgs({}), "-e", "process.stdout.write(String(require('v8').getHeapStatistics().heap_size_limit))"], { encoding: "utf8" });
    // The whole heap limit is the old generation plus the young one: a little over 320 MB, far under V8's default.
    expect(Number(limit) / 2 ** 20).toBeGreaterThanOrEqual(320);
    expect(Number(limit) / 2 ** 20).toBeLessThan(400);
  });
});
