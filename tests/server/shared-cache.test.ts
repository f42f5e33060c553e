import http from "node:http";
import type { AddressInfo } from "node:net";
import { expireSharedCopiesWithTheSecond, SHARED_CACHE_CONTROL } from "@/server/shared-cache.mjs";

type Answer = (res: http.ServerResponse) => void;

/** Serves one answer through the hook, as server/index.mjs does, and reads the headers sent. */
async function headersFor(answer: Answer): Promise<http.IncomingHttpHeaders> {
  const server = http.createServer((_req, res) => {
    expireSharedCopiesWithTheSecond(res);
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, { redirect: "manual" });
    await response.arrayBuffer();
    return Object.fromEntries(response.headers.entries());
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("X-Accel-Expires on shared answers", () => {
  it("ends a shared answer's freshness with the current second, however its headers were set", async () => {
    const before = Math.floor(Date.now() / 1000);
    const answers: Answer[] = [
      (res) => {
        res.setHeader("cache-control", SHARED_CACHE_CONTROL);
        res.end("page");
      },
      (res) => {
        res.appendHeader("cache-control", SHARED_CACHE_CONTROL);
        res.write("streamed");
        res.end();
      },
    ];
    for (const answer of answers) {
      const expires = (await headersFor(answer))["x-accel-expires"] ?? "";
      expect(expires).toMatch(/^@\d+$/);
      const second = Number(expires.slice(1));
      expect(second).toBeGreaterThanOrEqual(before);
      expect(second).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    }
  });

  it("never touches a private, uncacheable or differently cached answer (it would override them in nginx)", async () => {
    for (const cacheControl of ["private, no-store", "no-store", "public, max-age=31536000, immutable", `${SHARED_CACHE_CONTROL}, private`, undefined]) {
      const headers = await headersFor((res) => {
        if (cacheControl) res.setHeader("cache-control", cacheControl);
        res.end("x");
      });
      expect({ cacheControl, expires: headers["x-accel-expires"] }).toEqual({ cacheControl, expires: undefined });
    }
  });

  it("gives a page Next prerendered (a year in a shared cache) the shared second instead, and keeps no prerendered error page", async () => {
    for (const nextSent of ["s-maxage=31536000", "s-maxage=60, stale-while-revalidate", "s-maxage=60, stale-while-revalidate=300"]) {
      const page = await headersFor((res) => {
        res.setHeader("cache-control", nextSent);
        res.end("prerendered");
      });
      expect(page["cache-control"]).toBe(SHARED_CACHE_CONTROL);
      expect(page["x-accel-expires"]).toMatch(/^@\d+$/);
      const notFound = await headersFor((res) => {
        res.setHeader("cache-control", nextSent);
        res.writeHead(404);
        res.end("not found");
      });
      expect(notFound["cache-control"]).toBe("no-store");
      expect(notFound["x-accel-expires"]).toBeUndefined();
    }
  });

  it("keeps the shared second on Next's 304 for a prerendered page, and keeps no prerendered redirect", async () => {
    // Next answers a matching If-None-Match by setting statusCode and ending, with the 200's headers.
    const notModified = await headersFor((res) => {
      res.setHeader("cache-control", "s-maxage=31536000");
      res.statusCode = 304;
      res.end();
    });
    expect(notModified["cache-control"]).toBe(SHARED_CACHE_CONTROL);
    expect(notModified["x-accel-expires"]).toMatch(/^@\d+$/);
    for (const status of [307, 308]) {
      const redirect = await headersFor((res) => {
        res.setHeader("cache-control", "s-maxage=31536000");
        res.writeHead(status, { location: "/elsewhere" });
        res.end();
      });
      expect({ status, cacheControl: redirect["cache-control"], expires: redirect["x-accel-expires"] }).toEqual({
        status,
        cacheControl: "no-store",
        expires: undefined,
      });
    }
  });
});
