// A path with a broken %-escape ("/products/%FF", "/api/orders/abc%2") cannot be decoded into route
// parameters. Next then looks for a "/400" page, which the App Router does not have, and answers 500
// in plain text. A path with a NUL ("/dashboard/orders/%00") decodes into a route parameter that
// PostgreSQL cannot compare, so a page that looks it up failed with a 500 too. The server answers such
// an address itself, before Next sees it: 400, in JSON under /api (the API's error format) and as a
// short page elsewhere.

const BROKEN_ESCAPE = "This address is not valid: it has a broken %-escape.";
const NUL = "This address is not valid: it has a NUL character (%00).";

/**
 * Why the path of a request target cannot be served, or null when it can. The query is not looked
 * at: pages read it leniently and the API validates it.
 * @param {string} target
 * @returns {string | null}
 */
export function unusablePathReason(target) {
  const pathname = target.split("?")[0] ?? "";
  if (pathname.includes("\0")) return NUL;
  if (!pathname.includes("%")) return null;
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return BROKEN_ESCAPE;
  }
  return decoded.includes("\0") ? NUL : null;
}

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>ToolForge | Address not valid</title></head>
<body><main><h1>This address is not valid</h1><p>Part of it is not written the way web addresses are. Check the link you followed, or <a href="/">go to the homepage</a>.</p></main></body>
</html>
`;

/**
 * Answers a request whose path cannot be served with 400, saying why (unusablePathReason).
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {string} message
 */
export function answerBadAddress(req, res, message) {
  const api = (req.url ?? "").startsWith("/api/");
  const body = api ? JSON.stringify({ error: { code: "bad_request", message } }) : PAGE;
  res.writeHead(400, {
    "content-type": api ? "application/json" : "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}
