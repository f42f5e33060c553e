// Opening the embedded database from an operator command, when no shop has it open.
import fs from "node:fs";
import path from "node:path";
// The shop's own PGlite options (extensions its migrations create); the Docker image carries this file.
import { pgliteOptions } from "../../lib/db/pglite-options.mjs";

export function pgliteDir(dataDir) {
  return path.join(dataDir, "pglite");
}

export function hasPgliteDatabase(dataDir) {
  return fs.existsSync(path.join(pgliteDir(dataDir), "PG_VERSION"));
}

/** Same snapshot as the shop takes (lib/db/client.ts): at a transaction boundary, after a checkpoint. */
export async function snapshot(client) {
  let tarball;
  await client.transaction(async (tx) => {
    await tx.exec("checkpoint");
    tarball = await client.dumpDataDir("gzip");
  });
  return Buffer.from(await tarball.arrayBuffer());
}

export async function openPglite(dataDir, options = {}) {
  const { PGlite } = await import("@electric-sql/pglite");
  const client = new PGlite(pgliteOptions({ ...options, dataDir: pgliteDir(dataDir) }));
  await client.waitReady;
  return client;
}
