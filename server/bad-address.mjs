// A path with a broken %-escape ("/products/%FF", "/api/orders/abc%2") cannot be decoded into route
// parameters. Next then looks for a "/400" page, which the App Router does not have, and answers 500
// in plain text. The server answers such an address itself, before Next sees it: 400, in JSON under
// /api (the API's error format) and as a short page elsewhere.

/**
 * True when the path of a request target (the query is not looked at: pages read it leniently and
 * the API validates it) holds a %-escape that does not decode.
 * @param {string} target
 */
export function hasUndecodablePath(target) {
  const pathname = target.split("?")[0] ?? "";
  if (!pathname.includes("%")) return false;
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

const MESSAGE = "This address is not valid: it has a broken %-escape.";

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>ToolForge | Address not valid</title></head>
<body><main><h1>This address is not valid</h1><p>Part of it is not written the way web addresses are. Check the link you followed, or <a href="/">go to the homepage</a>.</p></main></body>
</html>
`;

/**
 * Answers a request whose path does not decode with 400.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 */
export function answerBadAddress(req, res) {
  const api = (req.url ?? "").startsWith("/api/");
  const body = api ? JSON.stringify({ error: { code: "bad_request", message: MESSAGE } }) : PAGE;
  res.writeHead(400, {
    "content-type": api ? "application/json" : "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}
