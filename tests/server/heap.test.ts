import { execFileSync, spawnSync } from "node:child_process";
import { DEFAULT_HEAP_MB, nodeArgs } from "@/server/heap.mjs";

describe("the server's heap cap (server/heap.mjs)", () => {
  it("caps the old generation at 256 MB unless TOOLFORGE_HEAP_MB says otherwise", () => {
    expect(DEFAULT_HEAP_MB).toBe(256);
    expect(nodeArgs({})).toEqual(["--max-old-space-size=256"]);
    expect(nodeArgs({ TOOLFORGE_HEAP_MB: "" })).toEqual(["--max-old-space-size=256"]);
    expect(nodeArgs({ TOOLFORGE_HEAP_MB: "1024" })).toEqual(["--max-old-space-size=1024"]);
  });

  it("refuses a value that is not a whole number of at least 128 megabytes", () => {
    for (const bad of ["64", "1.5", "lots", "-1"]) expect(() => nodeArgs({ TOOLFORGE_HEAP_MB: bad })).toThrow(/TOOLFORGE_HEAP_MB/);
  });

  it("prints the same arguments for shell command lines (npm start, the image), and fails on a bad value", () => {
    const printed = (env: Record<string, string>) =>
      spawnSync(process.execPath, ["server/heap.mjs"], { encoding: "utf8", env: { ...process.env, ...env } });
    expect(printed({ TOOLFORGE_HEAP_MB: "" }).stdout).toBe(nodeArgs({}).join(" "));
    expect(printed({ TOOLFORGE_HEAP_MB: "512" }).stdout).toBe("--max-old-space-size=512");
    const bad = printed({ TOOLFORGE_HEAP_MB: "lots" });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toMatch(/TOOLFORGE_HEAP_MB must be a whole number/);
  });

  it("is the limit node applies when started with those arguments", () => {
    const limit = execFileSync(process.execPath, [...nodeArgs({}), "-e", "process.stdout.write(String(require('v8').getHeapStatistics().heap_size_limit))"], { encoding: "utf8" });
    // The whole heap limit is the old generation plus the young one: a little over the cap, far under V8's default.
    expect(Number(limit) / 2 ** 20).toBeGreaterThanOrEqual(DEFAULT_HEAP_MB);
    expect(Number(limit) / 2 ** 20).toBeLessThan(DEFAULT_HEAP_MB + 80);
  });
});
