import http from "node:http";
import type { AddressInfo } from "node:net";
import { createPageCache, isSharedPageRequest } from "@/server/page-cache.mjs";
import { applyPageStatus } from "@/server/page-status.mjs";
import { answerPageWith, requestContextStorage, type RequestContext } from "@/server/request-context.mjs";
import { SHARED_CACHE_CONTROL } from "@/server/shared-cache.mjs";

/**
 * A page that shows its own "not found" or "forbidden" message asks for the status with
 * answerPageWith(), and server/page-status.mjs puts it on the answer's head, on a real HTTP server
 * wired as server/index.mjs wires it: the request context around everything, the page cache around
 * the render. The stand-in for Next decides during its render, then sends its head as Next does
 * (flushHeaders, or a write) or with an explicit writeHead(200, headers).
 */

const ASKS: Record<string, 403 | 404> = { "/missing": 404, "/explicit": 404, "/admin-only": 403 };

async function standInForNext(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const path = req.url ?? "/";
  res.statusCode = 200;
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.setHeader("cache-control", SHARED_CACHE_CONTROL);
  // The page's render, under the request's context (an await in between, as a database read).
  await new Promise((resolve) => setTimeout(resolve, 1));
  const asked = ASKS[path];
  if (asked) answerPageWith(asked);
  if (path === "/explicit") res.writeHead(200, "OK", { "x-stand-in": "explicit" });
  else if (path === "/written") res.write("<!DOCTYPE html>");
  else res.flushHeaders();
  res.end(`<html lang="en"><body><h1>${asked ?? "page"}</h1></body></html>`);
}

let server: http.Server;
let base: string;
const cache = createPageCache();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const context: RequestContext = { id: "test" };
    requestContextStorage().run(context, () => {
      const render = () => {
        applyPageStatus(req, res, context);
        return standInForNext(req, res);
      };
      void (isSharedPageRequest(req) ? cache.serve(req, res, render) : render());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function get(path: string, headers: Record<string, string> = {}) {
  const answer = await fetch(`${base}${path}`, { headers });
  return { status: answer.status, headers: answer.headers, body: await answer.text() };
}

test("a page that asks for 404 is answered 404 with its own message, and the page cache does not keep it", async () => {
  const first = await get("/missing");
  expect(first.status).toBe(404);
  expect(first.body).toContain("<h1>404</h1>");
  expect(first.headers.get("x-page-cache")).toBeNull();
  const second = await get("/missing");
  expect(second.status).toBe(404);
  expect(second.headers.get("x-page-cache")).toBeNull();
});

test("a page that asks for 403 is answered 403", async () => {
  const answer = await get("/admin-only");
  expect(answer.status).toBe(403);
  expect(answer.body).toContain("<h1>403</h1>");
});

test("the status is applied whichever way the head goes out: an explicit writeHead(200) keeps its headers", async () => {
  const explicit = await get("/explicit");
  expect(explicit.status).toBe(404);
  expect(explicit.headers.get("x-stand-in")).toBe("explicit");
  // A page that asks for nothing, sent with a first write, is a 200 the cache keeps.
  expect((await get("/written")).status).toBe(200);
  const kept = await get("/written");
  expect(kept.status).toBe(200);
  expect(kept.headers.get("x-page-cache")).toBe("hit");
});

test("a client-side navigation's payload (RSC: 1) stays 200, so Next's router does not reload the page", async () => {
  expect((await get("/missing", { rsc: "1" })).status).toBe(200);
});

test("outside a request, answerPageWith does nothing", () => {
  expect(() => answerPageWith(404)).not.toThrow();
});
