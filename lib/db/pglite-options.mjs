// The options every PGlite instance of the shop is opened with (the app, the test template, the
// backup tools), in plain JavaScript so scripts outside the Next bundle can import them too.
// Extensions a migration creates must be loaded here, or that migration fails on PGlite.

/** @param {Record<string, unknown>} [extra] */
export function pgliteOptions(extra = {}) {
  return { ...extra };
}
