import { jest } from "@jest/globals";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// `npm run lockfile:check`, the CI step, on copies of package.json and package-lock.json.
jest.setTimeout(120_000);

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function project(change?: { lock?: (lock: { packages: Record<string, unknown> }) => void; pkg?: (pkg: Record<string, Record<string, string>>) => void }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolforge-lockfile-"));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, "scripts"));
  fs.copyFileSync("scripts/lockfile.mjs", path.join(dir, "scripts/lockfile.mjs"));
  const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as Record<string, Record<string, string>>;
  const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8")) as { packages: Record<string, unknown> };
  change?.pkg?.(pkg);
  change?.lock?.(lock);
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(pkg, null, 2));
  fs.writeFileSync(path.join(dir, "package-lock.json"), JSON.stringify(lock, null, 2));
  return dir;
}

function check(dir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const child = spawn(process.execPath, ["scripts/lockfile.mjs", "--check"], { cwd: dir, env });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("the lockfile check", () => {
  it("passes the committed lockfile, which has macOS and Linux arm64 builds of the native packages", async () => {
    const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8")) as { packages: Record<string, unknown> };
    for (const name of ["@swc/core-darwin-arm64", "@next/swc-darwin-arm64", "@tailwindcss/oxide-darwin-arm64", "lightningcss-darwin-arm64", "@img/sharp-darwin-arm64", "@next/swc-linux-arm64-gnu", "@swc/core-darwin-x64"]) {
      expect(lock.packages).toHaveProperty([`node_modules/${name}`]);
    }
    const run = await check(project());
    expect(run.output).not.toContain("✗");
    expect(run.code).toBe(0);
  });

  it("fails when a platform's native package is missing, naming it", async () => {
    const run = await check(project({ lock: (lock) => delete lock.packages["node_modules/@swc/core-darwin-arm64"] }));
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/@swc\/core@[\d.]+: @swc\/core-darwin-arm64/);
  });

  it("fails when package.json was changed without the lockfile", async () => {
    const run = await check(project({ pkg: (pkg) => { if (pkg.dependencies) pkg.dependencies.zod = "4.6.6"; } }));
    expect(run.code).toBe(1);
    expect(run.output).toContain("package-lock.json has drifted from package.json");
  });
});
