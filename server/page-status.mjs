// @ts-check
// The status of a page that answers "not found" or "forbidden" with its own message.
//
// Next's notFound() and forbidden() thrown by a page fail React's server render of the page's shell
// (React renders error boundaries only in the browser), so Next answers with an empty
// `<html id="__next_error__">` document and the message appears only once the scripts have run: a
// visitor without them, a crawler or a slow phone sees a blank page (vercel/next.js#62228). Such pages
// render the message themselves instead (components/errors/status-page.tsx) and ask for the status
// with answerPageWith() (server/request-context.mjs); this applies it when the answer's head is written,
// which for these pages is after their decision (nothing above them streams early).

/**
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {import("./request-context.mjs").RequestContext} context
 */
export function applyPageStatus(req, res, context) {
  // A client-side navigation's payload stays 200: Next's router would reload the whole page on
  // another status. Only the document carries the status.
  if (req.headers.rsc !== undefined) return;
  /** The asked status, once the page has asked, for an answer about to say 200. */
  const asked = () => (context.pageStatus !== undefined && !res.headersSent && res.statusCode === 200 ? context.pageStatus : undefined);
  const { writeHead, flushHeaders, write, end } = res;
  // The head goes out through one of these four; the page cache (server/page-cache.mjs), wrapped
  // inside these, reads the status as it copies the answer, so it must be set before any of them.
  res.writeHead = /** @type {typeof res.writeHead} */ (
    function (/** @type {number} */ status, /** @type {unknown[]} */ ...rest) {
      const replaced = status === 200 ? asked() : undefined;
      if (replaced === undefined) return Reflect.apply(writeHead, res, [status, ...rest]);
      res.statusCode = replaced;
      // Drop a reason phrase given with the 200 ("OK"); keep the headers.
      return Reflect.apply(writeHead, res, [replaced, ...(typeof rest[0] === "string" ? rest.slice(1) : rest)]);
    }
  );
  /** @param {Function} original */
  const first = (original) =>
    /** @param {unknown[]} args */
    function (...args) {
      const status = asked();
      if (status !== undefined) res.statusCode = status;
      return Reflect.apply(original, res, args);
    };
  res.flushHeaders = /** @type {typeof res.flushHeaders} */ (first(flushHeaders));
  res.write = /** @type {typeof res.write} */ (first(write));
  res.end = /** @type {typeof res.end} */ (first(end));
}
