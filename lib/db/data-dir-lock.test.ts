import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { claimDataDir, controlSocketPath, DataDirInUseError } from "./data-dir-lock";
import { MIGRATION_LOCK_KEY } from "./migrate";

const noBackup = { backup: () => Promise.reject(new Error("not in this test")), outbox: () => Promise.reject(new Error("not in this test")) };

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "toolforge-lock-"));
}

describe("claiming the embedded database's data directory", () => {
  it("refuses a second claim while the first holds it, and allows one after release", async () => {
    const dir = tempDir();
    const first = await claimDataDir(dir, noBackup);
    await expect(claimDataDir(dir, noBackup)).rejects.toThrow(DataDirInUseError);
    await expect(claimDataDir(dir, noBackup)).rejects.toThrow(`(pid ${process.pid})`);
    await first.release();
    expect(fs.existsSync(first.socketPath)).toBe(false);
    const second = await claimDataDir(dir, noBackup);
    await second.release();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("takes over a socket left behind by a process that was killed", async () => {
    const dir = tempDir();
    const socketPath = controlSocketPath(dir);
    // A process that listens on the socket, then dies without cleaning up (kill -9).
    const holder = spawn(process.execPath, ["-e", `require("node:net").createServer().listen(${JSON.stringify(socketPath)}, () => console.log("up"))`]);
    await new Promise<void>((resolve) => holder.stdout.once("data", () => resolve()));
    holder.kill("SIGKILL");
    await new Promise((resolve) => holder.once("exit", resolve));
    expect(fs.existsSync(socketPath)).toBe(true);

    const claim = await claimDataDir(dir, noBackup);
    expect(claim.socketPath).toBe(socketPath);
    await claim.release();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("agrees with the operator scripts on the socket's place and the migration lock", async () => {
    const scripts = (await import(path.join(process.cwd(), "scripts/ops/pglite-dir.mjs"))) as { controlSocketPath: (dir: string) => string };
    const config = (await import(path.join(process.cwd(), "scripts/ops/config.mjs"))) as { MIGRATION_LOCK_KEY: number };
    const long = path.join(os.tmpdir(), "a-data-directory-whose-path-is-far-too-long-for-a-unix-socket-".repeat(2));
    for (const dir of ["/srv/toolforge/data", long]) expect(scripts.controlSocketPath(dir)).toBe(controlSocketPath(dir));
    expect(Buffer.byteLength(controlSocketPath(long))).toBeLessThanOrEqual(100);
    expect(config.MIGRATION_LOCK_KEY).toBe(MIGRATION_LOCK_KEY);
  });
});
