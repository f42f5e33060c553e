// The V8 heap the shop's server runs with. Left alone, V8 sizes the old generation from the machine's
// memory (about 4 GB on these 24 GiB machines) and lets it grow under load before it collects: RSS
// reached 649 MB in `npm run bench:scale`. Capped at 320 MB the same run ends at 397 MB with the same
// or better throughput (shorter collections); ADR 040. At 256 MB (its amendment) the same run ends at
// 355 MB, and the embedded database's smoke run at about 500 MB. TOOLFORGE_HEAP_MB changes it.
//
// The flag must be on node's command line: scripts that start server processes use nodeArgs();
// command lines written for a shell (`npm start`, `npm run start:built`, the image's CMD) take it
// from `node server/heap.mjs`, which prints the same arguments, or fails on a bad TOOLFORGE_HEAP_MB.
import { fileURLToPath } from "node:url";

export const DEFAULT_HEAP_MB = 256;

/** node's arguments for the server process: the heap cap from TOOLFORGE_HEAP_MB (default 256). */
export function nodeArgs(env = process.env) {
  const raw = env.TOOLFORGE_HEAP_MB;
  const mb = raw === undefined || raw === "" ? DEFAULT_HEAP_MB : Number(raw);
  if (!Number.isInteger(mb) || mb < 128) throw new Error(`TOOLFORGE_HEAP_MB must be a whole number of megabytes, at least 128 (got "${raw}")`);
  return [`--max-old-space-size=${mb}`];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(nodeArgs().join(" "));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
