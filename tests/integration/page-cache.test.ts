import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { HTML_LIMITED_BOT_UA_RE } from "next/dist/shared/lib/router/utils/html-bots.js";
import { announceChange } from "@/lib/changes";
import { createPageCache, installPageCache, isSharedPageRequest } from "@/server/page-cache.mjs";
import { applySecurityHeaders, readSecurityPolicy, replayPreparer } from "@/server/security-headers.mjs";
import { expireSharedCopiesWithTheSecond, SHARED_CACHE_CONTROL } from "@/server/shared-cache.mjs";

/**
 * The server's copy of the anonymous pages (server/page-cache.mjs, ADR 043) on a real HTTP server,
 * wired as server/index.mjs wires it: the proxy expiry and security headers first, the cache around a
 * stand-in for Next that sends its headers with flushHeaders (as Next's pipe does), streams its page
 * in parts and counts its renders.
 */

type Page = {
  status?: number;
  cacheControl?: string;
  cookie?: boolean;
  type?: string;
  delayMs?: number;
  /** The render waits (up to 5 s) until this many renders run at once: overlap shown without a race against the clock. */
  meetAt?: number;
};

const PARTS = ['<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async></script><scr', "ipt>self.__next_f=[]</script></head><body><p>", "render #", "</p></body></html>"];

async function serveWith(cache: ReturnType<typeof createPageCache>, pages: Record<string, Page>) {
  const renders: string[] = [];
  const running = { now: 0, most: 0 };
  let dropWhileRendering: (() => void) | undefined;
  const policy = readSecurityPolicy({}, false);
  const render = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const page = pages[req.url ?? "/"] ?? { status: 404, cacheControl: "private, no-store" };
    renders.push(req.url ?? "/");
    const count = renders.length;
    running.now += 1;
    running.most = Math.max(running.most, running.now);
    res.statusCode = page.status ?? 200;
    res.setHeader("content-type", page.type ?? "text/html; charset=utf-8");
    res.setHeader("cache-control", page.cacheControl ?? SHARED_CACHE_CONTROL);
    res.setHeader("vary", "rsc");
    if (page.cookie) res.setHeader("set-cookie", "toolforge.cart=1; Path=/");
    res.flushHeaders();
    res.write(PARTS[0]);
    await new Promise((resolve) => setTimeout(resolve, page.delayMs ?? 0));
    for (const started = Date.now(); page.meetAt !== undefined && running.now < page.meetAt && Date.now() - started < 5_000; ) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    dropWhileRendering?.();
    res.write(PARTS[1]);
    res.write(Buffer.from(`${PARTS[2]}${count}`));
    res.end(PARTS[3]);
    running.now -= 1;
  };
  const server = http.createServer((req, res) => {
    expireSharedCopiesWithTheSecond(res);
    applySecurityHeaders(req, res, policy);
    void (isSharedPageRequest(req) ? cache.serve(req, res, () => render(req, res)) : render(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${base}${path}`, { headers });
    return { status: answer.status, headers: answer.headers, body: await answer.text() };
  };
  // Exactly the headers given (fetch would add its own Accept-Encoding), the bytes as sent.
  const raw = (path: string, headers: Record<string, string>) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("end", () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
  return {
    base,
    renders,
    running,
    /** Resolves once the stand-in has started `count` renders. */
    async untilRendered(count: number) {
      while (renders.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
    },
    get,
    raw,
    dropDuringNextRender(drop: () => void) {
      dropWhileRendering = () => {
        dropWhileRendering = undefined;
        drop();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const nonceOf = (answer: { headers: Headers }) => /'nonce-([^']+)'/.exec(answer.headers.get("content-security-policy") ?? "")?.[1];

describe("the page cache", () => {
  test("renders a shared page once and replays it, each answer with its own nonce in the policy and on every script", async () => {
    const site = await serveWith(createPageCache(), { "/": {} });
    try {
      const first = await site.get("/");
      const second = await site.get("/");
      expect(site.renders).toEqual(["/"]);
      expect([first.headers.get("x-page-cache"), second.headers.get("x-page-cache")]).toEqual(["miss", "hit"]);
      expect(second.body.replace(/nonce="[^"]+"/g, "")).toBe(first.body.replace(/nonce="[^"]+"/g, ""));
      expect(second.body).toContain("render #1");
      for (const answer of [first, second]) {
        const nonce = nonceOf(answer);
        expect(nonce).toBeTruthy();
        const scripts = answer.body.match(/<script[^>]*>/g) ?? [];
        expect(scripts.length).toBeGreaterThanOrEqual(2);
        for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      }
      expect(nonceOf(first)).not.toBe(nonceOf(second));
      // Next's headers come back once, not doubled by the rewrite.
      expect(second.headers.get("cache-control")).toBe(SHARED_CACHE_CONTROL);
      expect(first.headers.get("vary")).toBe("rsc, Accept-Encoding");
      expect(second.headers.get("vary")).toBe("rsc, Accept-Encoding");
      expect(second.headers.get("x-accel-expires")).toMatch(/^@\d+$/);
      expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    } finally {
      await site.close();
    }
  });

  test("a replay is compressed for a client that takes gzip and plain for one that does not, like a render", async () => {
    const site = await serveWith(createPageCache(), { "/": {} });
    try {
      await site.get("/");
      const gzipped = await site.raw("/", { "accept-encoding": "gzip" });
      expect(gzipped.headers["x-page-cache"]).toBe("hit");
      expect(gzipped.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(gzipped.body).toString()).toContain("render #1");
      const plain = await site.raw("/", {});
      expect(plain.headers["x-page-cache"]).toBe("hit");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.toString()).toContain("render #1");
      expect(site.renders).toHaveLength(1);
    } finally {
      await site.close();
    }
  });

  test("prepared once, a replay has its own nonce, gzipped or plain, the page as rendered, with its length", async () => {
    const cache = createPageCache({ prepare: replayPreparer(readSecurityPolicy({}, false)) });
    const site = await serveWith(cache, { "/": {} });
    try {
      const rendered = await site.raw("/", {});
      const answers = [await site.raw("/", { "accept-encoding": "gzip" }), await site.raw("/", { "accept-encoding": "gzip" }), await site.raw("/", {})];
      expect(site.renders).toEqual(["/"]);
      const nonces = new Set<string>();
      for (const answer of answers) {
        expect(answer.headers["x-page-cache"]).toBe("hit");
        const html = answer.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(answer.body).toString() : answer.body.toString();
        expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
        const nonce = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1] ?? "";
        nonces.add(nonce);
        expect((html.match(/<script[^>]*>/g) ?? []).every((tag) => tag.includes(`nonce="${nonce}"`))).toBe(true);
        expect(html.replaceAll(nonce, "N")).toBe(rendered.body.toString().replace(/nonce="[^"]+"/g, 'nonce="N"').replace(/'nonce-[^']+'/g, "'nonce-N'"));
        expect(answer.headers.vary).toBe("rsc, Accept-Encoding");
        expect(answer.headers["x-accel-expires"]).toMatch(/^@\d+$/);
      }
      expect(answers.map((answer) => answer.headers["content-encoding"])).toEqual(["gzip", "gzip", undefined]);
      expect(nonces.size).toBe(3);
      // The copy's bytes count what the preparation holds too: the page as sent (with the loader) and more.
      expect(cache.size.bytes).toBeGreaterThan(rendered.body.length);
    } finally {
      await site.close();
    }
  });

  test("signed-in requests, tokens, RSC payloads and non-GET methods always render", async () => {
    const site = await serveWith(createPageCache(), { "/": {} });
    try {
      await site.get("/");
      await site.get("/", { cookie: "theme=dark; toolforge.session_token=abc" });
      await site.get("/", { authorization: "Bearer tf_x" });
      await site.get("/", { rsc: "1" });
      expect(site.renders).toHaveLength(4);
      expect((await site.get("/", { cookie: "theme=dark" })).headers.get("x-page-cache")).toBe("hit");
      expect(isSharedPageRequest({ method: "HEAD", url: "/", headers: {} } as http.IncomingMessage)).toBe(false);
      expect(isSharedPageRequest({ method: "POST", url: "/", headers: {} } as http.IncomingMessage)).toBe(false);
      expect(isSharedPageRequest({ method: "GET", url: "/api/products", headers: {} } as http.IncomingMessage)).toBe(false);
    } finally {
      await site.close();
    }
  });

  test("keeps only complete 200 HTML answers that declare themselves shared and set no cookie", async () => {
    const pages: Record<string, Page> = {
      "/private": { cacheControl: "private, no-cache, no-store, max-age=0, must-revalidate" },
      "/cookie": { cookie: true },
      "/gone": { status: 410 },
      "/json": { type: "application/json" },
    };
    const site = await serveWith(createPageCache(), pages);
    try {
      for (const path of [...Object.keys(pages), "/nowhere"]) {
        await site.get(path);
        expect((await site.get(path)).headers.get("x-page-cache")).toBeNull();
      }
      expect(site.renders).toHaveLength(10);
    } finally {
      await site.close();
    }
  });

  test("requests that arrive while a kept page is rendered again wait for that one render", async () => {
    const cache = createPageCache();
    const site = await serveWith(cache, { "/slow": { delayMs: 150 } });
    try {
      await site.get("/slow");
      cache.clear();
      const answers = await Promise.all(Array.from({ length: 8 }, () => site.get("/slow")));
      expect(site.renders).toHaveLength(2);
      expect(answers.every((answer) => answer.body.includes("render #2"))).toBe(true);
    } finally {
      await site.close();
    }
  });

  test("pages that were never kept are rendered for each request, not queued behind each other", async () => {
    // Each render waits for the four to run at once; renders queued behind each other would never meet.
    // (A fixed 100 ms render lost that race on a busy CI machine: the fourth request came after the first answer.)
    const site = await serveWith(createPageCache(), { "/private": { cacheControl: "private, no-store", meetAt: 4 } });
    try {
      const answers = await Promise.all(Array.from({ length: 4 }, () => site.get("/private")));
      expect(site.renders).toHaveLength(4);
      // Four renders side by side, not one after another.
      expect(site.running.most).toBe(4);
      // Not kept, so not marked: only pages that can be kept count as misses.
      expect(answers.map((answer) => answer.headers.get("x-page-cache"))).toEqual([null, null, null, null]);
    } finally {
      await site.close();
    }
  });

  test("an expired copy is served while one request renders the page again", async () => {
    let clock = 1_000;
    const site = await serveWith(createPageCache({ ttlMs: 2_000, now: () => clock }), { "/slow": { delayMs: 150 } });
    try {
      await site.get("/slow");
      clock += 2_001;
      const refreshing = site.get("/slow");
      await site.untilRendered(2);
      const meanwhile = await site.get("/slow");
      expect(meanwhile.headers.get("x-page-cache")).toBe("stale");
      expect(meanwhile.body).toContain("render #1");
      expect((await refreshing).body).toContain("render #2");
      expect((await site.get("/slow")).headers.get("x-page-cache")).toBe("hit");
      expect(site.renders).toHaveLength(2);
    } finally {
      await site.close();
    }
  });

  test("a copy older than its stale window is not served: the request waits for the new render", async () => {
    let clock = 1_000;
    const site = await serveWith(createPageCache({ ttlMs: 2_000, staleMs: 5_000, now: () => clock }), { "/slow": { delayMs: 100 } });
    try {
      await site.get("/slow");
      clock += 2_000 + 5_000 + 1;
      const refreshing = site.get("/slow");
      await site.untilRendered(2);
      const meanwhile = await site.get("/slow");
      expect(meanwhile.headers.get("x-page-cache")).toBe("hit");
      expect(meanwhile.body).toContain("render #2");
      expect((await refreshing).body).toContain("render #2");
      expect(site.renders).toHaveLength(2);
    } finally {
      await site.close();
    }
  });

  test("requests waiting on a render that is dropped wait for the one render after it", async () => {
    const cache = createPageCache();
    const site = await serveWith(cache, { "/slow": { delayMs: 150 } });
    try {
      await site.get("/slow");
      cache.clear();
      site.dropDuringNextRender(() => cache.clear());
      const first = site.get("/slow");
      await site.untilRendered(2);
      const waiting = await Promise.all(Array.from({ length: 3 }, () => site.get("/slow")));
      expect((await first).body).toContain("render #2");
      expect(site.renders).toHaveLength(3);
      expect(waiting.map((answer) => answer.body.includes("render #3"))).toEqual([true, true, true]);
      expect((await site.get("/slow")).headers.get("x-page-cache")).toBe("hit");
    } finally {
      await site.close();
    }
  });

  test("a waiting client that leaves is not rendered for, and does not hold the page", async () => {
    const cache = createPageCache();
    const site = await serveWith(cache, { "/slow": { delayMs: 200 } });
    try {
      await site.get("/slow");
      cache.clear();
      // The render the client waits on is not kept, so a client still there would render next.
      site.dropDuringNextRender(() => cache.clear());
      const first = site.get("/slow");
      await site.untilRendered(2);
      const leaving = new AbortController();
      const left = fetch(`${site.base}/slow`, { signal: leaving.signal }).catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 20));
      leaving.abort();
      expect(await left).toHaveProperty("name", "AbortError");
      expect((await first).body).toContain("render #2");
      const next = await site.get("/slow");
      expect(next.headers.get("x-page-cache")).toBe("miss");
      expect(next.body).toContain("render #3");
      expect(site.renders).toHaveLength(3);
      expect((await site.get("/slow")).headers.get("x-page-cache")).toBe("hit");
    } finally {
      await site.close();
    }
  });

  test("crawlers that read only the HTML get copies of their own (Next renders their metadata differently)", async () => {
    const site = await serveWith(createPageCache(), { "/": {} });
    try {
      await site.get("/");
      const bot = { "user-agent": "Mozilla/5.0 (compatible; Twitterbot/1.0)" };
      expect((await site.get("/", bot)).headers.get("x-page-cache")).toBe("miss");
      expect((await site.get("/", bot)).headers.get("x-page-cache")).toBe("hit");
      expect((await site.get("/")).body).toContain("render #1");
      expect(site.renders).toHaveLength(2);
    } finally {
      await site.close();
    }
  });

  test("nginx keys crawlers apart with Next's own pattern (deploy/nginx), so neither cache mixes their pages", () => {
    const template = fs.readFileSync("deploy/nginx/templates/toolforge.conf.template", "utf8");
    const map = /map \$http_user_agent \$toolforge_html_limited_bot \{[^}]*"~\*(.+)" bot;/.exec(template);
    expect(map?.[1]).toBe(HTML_LIMITED_BOT_UA_RE.source);
    expect(HTML_LIMITED_BOT_UA_RE.flags).toBe("i");
    expect(fs.readFileSync("deploy/nginx/proxy.conf", "utf8")).toMatch(/proxy_cache_key [^;]*\$toolforge_html_limited_bot;/);
  });

  test("a render that was running when the copies were dropped is not kept (it may show the old data)", async () => {
    const cache = createPageCache();
    const site = await serveWith(cache, { "/": {} });
    try {
      site.dropDuringNextRender(() => cache.clear());
      await site.get("/");
      expect(cache.size.pages).toBe(0);
      expect((await site.get("/")).headers.get("x-page-cache")).toBe("miss");
      expect((await site.get("/")).headers.get("x-page-cache")).toBe("hit");
    } finally {
      await site.close();
    }
  });

  test("keeps at most its number of pages and bytes, dropping the least recently served", async () => {
    const cache = createPageCache({ maxEntries: 2 });
    const site = await serveWith(cache, { "/a": {}, "/b": {}, "/c": {} });
    try {
      await site.get("/a");
      await site.get("/b");
      await site.get("/a");
      await site.get("/c");
      expect(cache.size.pages).toBe(2);
      expect((await site.get("/a")).headers.get("x-page-cache")).toBe("hit");
      expect((await site.get("/b")).headers.get("x-page-cache")).toBe("miss");
    } finally {
      await site.close();
    }
    const small = createPageCache({ maxPageBytes: 100 });
    const tiny = await serveWith(small, { "/": {} });
    try {
      await tiny.get("/");
      expect(small.size).toEqual({ pages: 0, bytes: 0 });
    } finally {
      await tiny.close();
    }
  });

  test("a change notice drops the copies of every installed cache", async () => {
    const cache = installPageCache();
    const site = await serveWith(cache, { "/": {} });
    try {
      await site.get("/");
      expect(cache.size.pages).toBe(1);
      await announceChange("catalog");
      expect(cache.size.pages).toBe(0);
      await site.get("/");
      await announceChange("reviews");
      expect(cache.size).toEqual({ pages: 0, bytes: 0 });
    } finally {
      await site.close();
    }
  });
});
