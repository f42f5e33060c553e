import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** `npm run audit` (scripts/audit.mjs) with a stand-in `npm` on PATH that prints a given report. */
function audit(report: unknown, exitCode: number, stderr = ""): { status: number | null; out: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "audit-"));
  fs.writeFileSync(path.join(dir, "report.json"), JSON.stringify(report));
  fs.writeFileSync(path.join(dir, "npm"), `#!/bin/sh\ncat "${dir}/report.json"\necho "${stderr}" >&2\nexit ${exitCode}\n`, { mode: 0o755 });
  const run = spawnSync(process.execPath, ["scripts/audit.mjs"], { encoding: "utf8", env: { ...process.env, PATH: `${dir}:${process.env.PATH}` } });
  fs.rmSync(dir, { recursive: true, force: true });
  return { status: run.status, out: run.stdout + run.stderr };
}

describe("npm run audit", () => {
  it("fails on a high or critical advisory in production dependencies, naming the package", () => {
    const result = audit({ vulnerabilities: { "some-lib": { severity: "high" } }, metadata: { vulnerabilities: { high: 1, critical: 0, total: 1 } } }, 1);
    expect(result.status).toBe(1);
    expect(result.out).toContain("some-lib (high)");
  });

  it("passes with only lower advisories", () => {
    const result = audit({ vulnerabilities: { "x": { severity: "moderate" } }, metadata: { vulnerabilities: { moderate: 1, high: 0, critical: 0, total: 1 } } }, 0);
    expect(result.status).toBe(0);
    expect(result.out).toContain("no high or critical advisory");
  });

  it("says NOT CHECKED and passes when the registry refuses the advisory API", () => {
    const result = audit({ message: "405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk", statusCode: 405 }, 1, "npm error audit endpoint returned an error");
    expect(result.status).toBe(0);
    expect(result.out).toMatch(/^NOT CHECKED: /);
  });

  it("fails when npm itself fails another way", () => {
    expect(audit({ message: "503 Service Unavailable", statusCode: 503 }, 1).status).toBe(1);
    expect(audit("not json at all", 1).status).toBe(1);
  });
});
