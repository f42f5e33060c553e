// The options every PGlite instance of the shop is opened with (the app, the test template, the
// backup tools), in plain JavaScript so scripts outside the Next bundle can import them too.
// Extensions a migration creates must be loaded here, or that migration fails on PGlite.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

// PostgreSQL's buffer cache inside PGlite's WebAssembly memory. At PostgreSQL's default (128 MB)
// PGlite starts with 188 MB of that memory, most of it resident, and it never shrinks; the data files
// are also in the operating system's page cache, which PGlite reads through. 32 MB holds a shop of the
// size the README keeps on PGlite; ADR 059 has the figures.
export const PGLITE_SHARED_BUFFERS = "32MB";

/** @param {Record<string, unknown>} [extra] */
export function pgliteOptions(extra = {}) {
  return {
    // PGlite's own start parameters (single-user mode and the rest) must stay: a list without them
    // never finishes starting.
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...extra,
    // pg_trgm: the trigram indexes behind catalog and admin search by fragment (ILIKE '%…%').
    extensions: { pg_trgm, ...(/** @type {Record<string, unknown>} */ (extra.extensions ?? {})) },
  };
}
