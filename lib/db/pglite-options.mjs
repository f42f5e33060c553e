// The options every PGlite instance of the shop is opened with (the app, the test template, the
// backup tools), in plain JavaScript so scripts outside the Next bundle can import them too.
// Extensions a migration creates must be loaded here, or that migration fails on PGlite.
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** @param {Record<string, unknown>} [extra] */
export function pgliteOptions(extra = {}) {
  // pg_trgm: the trigram indexes behind catalog and admin search by fragment (ILIKE '%…%').
  return { ...extra, extensions: { pg_trgm, ...(/** @type {Record<string, unknown>} */ (extra.extensions ?? {})) } };
}
