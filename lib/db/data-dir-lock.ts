import "server-only";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { log } from "@/lib/log";

/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt it. The
 * process that opens it therefore listens on a Unix socket beside it (ADR 022): a second listener
 * fails with EADDRINUSE, and a socket file left by a killed process refuses connections, so it can be
 * recognised as stale and replaced. The socket is also how operator commands reach the running shop:
 * `npm run backup` asks it for a snapshot instead of opening the directory a second time.
 *
 * Protocol (scripts/ops/pglite-dir.mjs speaks the other end): the client sends one JSON line
 * `{"op":"status"}`, `{"op":"backup"}` or `{"op":"outbox","limit":N}`; the server answers one JSON line,
 * `{"ok":true,"pid":…}`, `{"ok":true,"bytes":N}` followed by N bytes of PGlite's gzipped data-directory
 * tarball, `{"ok":true,"mail":[…]}`, or `{"ok":false,"error":"…"}`, then closes the connection.
 */
export type ControlHandlers = {
  backup: () => Promise<Uint8Array>;
  /** The newest mail in the outbox (`npm run outbox`), for a shop without SMTP. */
  outbox: (limit: number) => Promise<OutboxEntry[]>;
};

export type OutboxEntry = { to: string; subject: string; text: string; createdAt: string };

/** How many outbox messages `npm run outbox` may ask for at once. */
export const OUTBOX_LIMIT_MAX = 50;

export type DataDirClaim = { socketPath: string; release: () => Promise<void> };

// Unix socket paths are limited to 104 bytes on macOS and 108 on Linux.
const MAX_SOCKET_PATH = 100;
const MAX_REQUEST_BYTES = 1024;

export function controlSocketPath(dataDir: string): string {
  const beside = path.join(dataDir, "pglite.sock");
  if (Buffer.byteLength(beside) <= MAX_SOCKET_PATH) return beside;
  const digest = createHash("sha256").update(dataDir).digest("hex").slice(0, 16);
  return path.join(os.tmpdir(), `toolforge-${digest}.sock`);
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number | null) {
    super(
      `DATA_DIR ${dataDir} is in use by another process${pid ? ` (pid ${pid})` : ""}. ` +
        "Only one process may open the embedded database: stop the other one, or give this one its own DATA_DIR.",
    );
    this.name = "DataDirInUseError";
  }
}

function listen(server: net.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off("listening", onListening);
      reject(error);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve();
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(socketPath);
  });
}

/** The pid of the process listening on the socket, 0 if it does not say, or null when nobody listens. */
function probeOwner(socketPath: string): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    let answer = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(0);
    }, 2_000);
    socket.on("connect", () => socket.write(`${JSON.stringify({ op: "status" })}\n`));
    socket.on("data", (chunk) => {
      answer += chunk.toString("utf8");
    });
    socket.on("end", () => {
      clearTimeout(timer);
      try {
        const header = JSON.parse(answer.split("\n")[0] ?? "") as { pid?: unknown };
        resolve(typeof header.pid === "number" ? header.pid : 0);
      } catch {
        resolve(0);
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      // Refused or gone: the file was left behind by a process that no longer runs.
      resolve(error.code === "ECONNREFUSED" || error.code === "ENOENT" ? null : 0);
    });
  });
}

function answer(socket: net.Socket, header: Record<string, unknown>, body?: Uint8Array): void {
  socket.write(`${JSON.stringify(header)}\n`);
  if (body) socket.write(body);
  socket.end();
}

function serve(socket: net.Socket, handlers: ControlHandlers): void {
  let received = "";
  socket.on("error", () => socket.destroy());
  socket.on("data", (chunk) => {
    received += chunk.toString("utf8");
    if (received.length > MAX_REQUEST_BYTES) return socket.destroy();
    const newline = received.indexOf("\n");
    if (newline < 0) return;
    socket.removeAllListeners("data");
    let op: unknown;
    let limit: unknown;
    try {
      ({ op, limit } = JSON.parse(received.slice(0, newline)) as { op?: unknown; limit?: unknown });
    } catch {
      op = undefined;
    }
    if (op === "status") return answer(socket, { ok: true, pid: process.pid, engine: "pglite" });
    if (op === "outbox") {
      const count = typeof limit === "number" && Number.isInteger(limit) ? Math.min(Math.max(limit, 1), OUTBOX_LIMIT_MAX) : 10;
      handlers.outbox(count).then(
        (mail) => answer(socket, { ok: true, mail }),
        (error: unknown) => answer(socket, { ok: false, error: error instanceof Error ? error.message : String(error) }),
      );
      return;
    }
    if (op !== "backup") return answer(socket, { ok: false, error: "unknown request" });
    const started = performance.now();
    handlers.backup().then(
      (bytes) => {
        log("info", "database snapshot taken for a backup", { bytes: bytes.byteLength, ms: Math.round(performance.now() - started) });
        answer(socket, { ok: true, bytes: bytes.byteLength }, bytes);
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        log("error", "database snapshot for a backup failed", { error: message });
        answer(socket, { ok: false, error: message });
      },
    );
  });
}

/**
 * Makes this process the one owner of `dataDir`, or throws DataDirInUseError. The claim ends with
 * `release()` (after the database is closed) or with the process.
 */
export async function claimDataDir(dataDir: string, handlers: ControlHandlers): Promise<DataDirClaim> {
  const socketPath = controlSocketPath(dataDir);
  fs.mkdirSync(path.dirname(socketPath), { recursive: true });
  const server = net.createServer((socket) => serve(socket, handlers));
  try {
    await listen(server, socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    const owner = await probeOwner(socketPath);
    if (owner !== null) throw new DataDirInUseError(dataDir, owner || null);
    fs.rmSync(socketPath, { force: true });
    await listen(server, socketPath);
  }
  // Whoever can connect can read the whole database: the socket is for this user only.
  fs.chmodSync(socketPath, 0o600);
  // The claim must not keep a process alive that has nothing else to do (scripts, tests).
  server.unref();
  // A shop stopped by a signal exits without closing the server: tidy the socket file away then too.
  const removeSocket = () => fs.rmSync(socketPath, { force: true });
  process.once("exit", removeSocket);
  return {
    socketPath,
    release: () =>
      new Promise<void>((resolve) => {
        process.off("exit", removeSocket);
        server.close(() => {
          removeSocket();
          resolve();
        });
      }),
  };
}
