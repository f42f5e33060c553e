// The operator commands' side of the embedded database's control socket (lib/db/data-dir-lock.ts is
// the shop's side, ADR 022). The process that has DATA_DIR's PGlite open listens on the socket; a
// command asks it for a snapshot, or, when nobody listens, claims the socket itself before it opens
// the directory, so that a shop starting meanwhile refuses to open it too.
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const MAX_SOCKET_PATH = 100;

/** Same rule as controlSocketPath in lib/db/data-dir-lock.ts. */
export function controlSocketPath(dataDir) {
  const beside = path.join(dataDir, "pglite.sock");
  if (Buffer.byteLength(beside) <= MAX_SOCKET_PATH) return beside;
  const digest = createHash("sha256").update(dataDir).digest("hex").slice(0, 16);
  return path.join(os.tmpdir(), `toolforge-${digest}.sock`);
}

/**
 * Sends one request to the process holding the data directory. Answers `{ header, body }`, or null
 * when no process holds it (no socket, or one left behind by a process that has exited).
 */
export function askOwner(dataDir, op, timeoutMs = 120_000, fields = {}) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(controlSocketPath(dataDir));
    const chunks = [];
    let connected = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the shop did not answer "${op}" within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    socket.on("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify({ ...fields, op })}\n`);
    });
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("end", () => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      if (newline < 0) return reject(new Error("the shop closed the connection without an answer"));
      let header;
      try {
        header = JSON.parse(all.subarray(0, newline).toString("utf8"));
      } catch {
        return reject(new Error("the shop's answer is not understood"));
      }
      resolve({ header, body: all.subarray(newline + 1) });
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      if (!connected && (error.code === "ECONNREFUSED" || error.code === "ENOENT")) resolve(null);
      else reject(error);
    });
  });
}

function listen(server, socketPath) {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/**
 * Claims the data directory for this command: returns a release function, or throws when another
 * process holds it. While claimed, anyone who asks is told this command's pid and that it is busy.
 */
export async function claimDataDir(dataDir, what) {
  const socketPath = controlSocketPath(dataDir);
  fs.mkdirSync(path.dirname(socketPath), { recursive: true });
  const server = net.createServer((socket) => {
    socket.on("error", () => socket.destroy());
    socket.end(`${JSON.stringify({ ok: false, pid: process.pid, error: `busy: ${what} in progress` })}\n`);
  });
  try {
    await listen(server, socketPath);
  } catch (error) {
    if (error.code !== "EADDRINUSE") throw error;
    const owner = await askOwner(dataDir, "status", 2_000).catch(() => ({ header: {} }));
    if (owner) {
      throw new Error(`DATA_DIR ${dataDir} is in use by another process${owner.header.pid ? ` (pid ${owner.header.pid})` : ""}`);
    }
    fs.rmSync(socketPath, { force: true });
    await listen(server, socketPath);
  }
  fs.chmodSync(socketPath, 0o600);
  server.unref();
  return () =>
    new Promise((resolve) =>
      server.close(() => {
        fs.rmSync(socketPath, { force: true });
        resolve();
      }),
    );
}
