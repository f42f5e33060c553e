import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import * as products from "@/app/api/products/route";
import * as me from "@/app/api/me/route";
import vm from "node:vm";
import {
  applySecurityHeaders,
  DEFERRED_SCRIPT_TYPE,
  LOAD_AFTER_PAINT,
  nonceInjector,
  readSecurityPolicy,
  REPLAY_EARLY_ACTIONS,
  type SecurityPolicy,
} from "@/server/security-headers.mjs";

/**
 * The headers server/index.mjs puts on every answer: real API handlers and a streamed HTML page
 * behind applySecurityHeaders on a real HTTP server. (Pages of the built shop: tests/e2e/security.spec.ts.)
 */

const HTML_PARTS = [
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/><link rel="preload" as="script" fetchPriority="low" hr',
  'ef="/_next/static/b.js"/><scr',
  'ipt src="/_next/static/a.js" async></script><script>self.__next_f=[]</scr',
  "ipt></head><body><p>x &lt;script&gt; y</p><script",
  ">1</script></body></html>",
];

async function serve(policy: SecurityPolicy): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    applySecurityHeaders(req, res, policy);
    void (async () => {
      if (req.url?.startsWith("/api/")) {
        const handler = req.url.startsWith("/api/me") ? me.GET : products.GET;
        const answer = await handler(new Request(`http://localhost${req.url}`, { headers: req.headers as Record<string, string> }), { params: Promise.resolve({}) } as never);
        res.statusCode = answer.status;
        answer.headers.forEach((value, name) => res.setHeader(name, value));
        res.end(Buffer.from(await answer.arrayBuffer()));
        return;
      }
      if (req.url === "/cached") {
        res.statusCode = 304;
        res.end();
        return;
      }
      if (req.url === "/moved") {
        res.statusCode = 307;
        res.setHeader("location", "/login");
        res.end();
        return;
      }
      if (req.url === "/outlined" || req.url === "/late") {
        // A React page with one outlined boundary: its segment in the same tick, or 50 ms later.
        res.setHeader("content-type", "text/html; charset=utf-8");
        res.write('<!DOCTYPE html><html><body><p>top</p><!--$?--><template id="B:0"></template><!--/$--><footer>f</footer>');
        if (req.url === "/late") await new Promise((resolve) => setTimeout(resolve, 50));
        res.end('<div hidden id="S:0"><p>moved</p></div><script>$RB=[];$RC("B:0","S:0")</script></body></html>');
        return;
      }
      if (req.headers.rsc) {
        res.setHeader("content-type", "text/x-component");
        res.end('0:{"a":"<script>"}');
        return;
      }
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("content-length", String(Buffer.byteLength(HTML_PARTS.join(""))));
      res.setHeader("etag", '"static"');
      for (const part of HTML_PARTS.slice(0, -1)) res.write(part);
      res.end(HTML_PARTS.at(-1));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

const csp = (headers: http.IncomingHttpHeaders): string | undefined => headers["content-security-policy"] as string | undefined;
const plain = readSecurityPolicy({ APP_URL: "http://localhost:3000" }, false);
const full = readSecurityPolicy({ APP_URL: "https://shop.example", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x", CLOUDINARY_URL: "cloudinary://k:s@demo" }, false);

function expectConstantHeaders(headers: http.IncomingHttpHeaders): void {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-powered-by"]).toBeUndefined();
}

describe("API answers", () => {
  it("carry nosniff, Referrer-Policy, Permissions-Policy and a CSP that allows nothing, success or error", async () => {
    const shop = await serve(plain);
    try {
      for (const path of ["/api/products", "/api/products?sort=nope", "/api/me"]) {
        const answer = await get(`${shop.url}${path}`);
        expect([200, 401, 422]).toContain(answer.status);
        expectConstantHeaders(answer.headers);
        expect(answer.headers["content-security-policy"]).toMatch(/^default-src 'none'/);
        expect(answer.headers["strict-transport-security"]).toBeUndefined();
      }
    } finally {
      await shop.close();
    }
  }, 120_000);

  it("carry HSTS when APP_URL is https", async () => {
    const shop = await serve(full);
    try {
      const answer = await get(`${shop.url}/api/products`);
      expect(answer.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    } finally {
      await shop.close();
    }
  });
});

describe("HTML pages", () => {
  it("get a fresh nonce on every <script> tag and script preload, named by that answer's enforced CSP, and no stale length or ETag", async () => {
    const shop = await serve(plain);
    try {
      const first = await get(`${shop.url}/`);
      const second = await get(`${shop.url}/`);
      const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
      const nonce = nonceOf(csp(first.headers));
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(nonceOf(csp(second.headers))).not.toBe(nonce);
      const html = first.body.toString();
      expect(html.match(/<script/g)).toHaveLength(3);
      expect(html.match(new RegExp(`<script nonce="${nonce!.replace(/[+/]/g, "\\$&")}"`, "g"))).toHaveLength(3);
      expect(html).toContain(`<link nonce="${nonce}" rel="preload" as="script" fetchPriority="low" href="/_next/static/b.js"/>`);
      expect(html).toContain('<link rel="stylesheet" href="/a.css"/>');
      expect(html).toContain("<p>x &lt;script&gt; y</p>");
      expect(first.headers["content-security-policy-report-only"]).toBeUndefined();
      expect(first.headers["content-length"]).toBeUndefined();
      expect(first.headers.etag).toBeUndefined();
      const policy = csp(first.headers)!;
      expect(policy).toBe(
        `default-src 'self'; script-src 'nonce-${nonce}' 'strict-dynamic' 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; frame-src 'none'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`,
      );
      expectConstantHeaders(first.headers);
    } finally {
      await shop.close();
    }
  });

  it("allow Stripe's script and frames and Cloudinary's images only when they are configured, and are compressed here", async () => {
    const shop = await serve(full);
    try {
      const answer = await get(`${shop.url}/`, { "accept-encoding": "gzip" });
      expect(answer.headers["content-encoding"]).toBe("gzip");
      const html = zlib.gunzipSync(answer.body).toString();
      const nonce = /'nonce-([^']+)'/.exec(csp(answer.headers) ?? "")?.[1];
      expect(html).toContain(`<script nonce="${nonce}" src="/_next/static/a.js"`);
      const policy = csp(answer.headers)!;
      expect(policy).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic' 'self' https://js.stripe.com https://*.js.stripe.com;`);
      expect(policy).toContain("connect-src 'self' https://api.stripe.com;");
      expect(policy).toContain("frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;");
      expect(policy).toMatch(/upgrade-insecure-requests$/);
      expect(policy).toMatch(/img-src [^;]*https:\/\/res\.cloudinary\.com/);
      expect(answer.headers["strict-transport-security"]).toBeDefined();
    } finally {
      await shop.close();
    }
  });

  it("put React's outlined boundaries in their place when the segment comes in the same tick, and leave a late one to React (ADR 056)", async () => {
    const shop = await serve(plain);
    try {
      const inlined = (await get(`${shop.url}/outlined`, { "accept-encoding": "gzip" })).body;
      expect(zlib.gunzipSync(inlined).toString()).toMatch(/<body><p>top<\/p><!--\$--><p>moved<\/p><!--\/\$--><footer>f<\/footer><script nonce="[^"]+">\$RB=\[\];<\/script><\/body>/);
      const late = (await get(`${shop.url}/late`)).body.toString();
      expect(late).toContain('<p>top</p><!--$?--><template id="B:0"></template><!--/$--><footer>f</footer><div hidden id="S:0"><p>moved</p></div>');
      expect(late).toMatch(/<script nonce="[^"]+">\$RB=\[\];\$RC\("B:0","S:0"\)<\/script>/);
    } finally {
      await shop.close();
    }
  });

  it("a 304 carries no CSP (the browser keeps the page it has, with its nonce and policy)", async () => {
    const shop = await serve(plain);
    try {
      const answer = await get(`${shop.url}/cached`);
      expect(answer.status).toBe(304);
      expect(csp(answer.headers)).toBeUndefined();
      expect(answer.headers["content-security-policy-report-only"]).toBeUndefined();
    } finally {
      await shop.close();
    }
  });

  it("a redirect and an RSC payload keep the policy that runs nothing, untouched", async () => {
    const shop = await serve(plain);
    try {
      const moved = await get(`${shop.url}/moved`);
      expect(moved.status).toBe(307);
      expect(csp(moved.headers)).toMatch(/^default-src 'none'/);
      const payload = await get(`${shop.url}/`, { rsc: "1" });
      expect(csp(payload.headers)).toMatch(/^default-src 'none'/);
      expect(payload.body.toString()).toBe('0:{"a":"<script>"}');
      expectConstantHeaders(payload.headers);
    } finally {
      await shop.close();
    }
  });
});

describe("nonceInjector", () => {
  it("finds <script> however the HTML is cut into chunks", () => {
    const html =
      '<head><script src="a.js"></script><SCRIPT>x</SCRIPT><scripts-not-a-tag><link rel="modulepreload" href="m.js"/><link rel="icon" href="i.svg"/><linked></head><script\n>y</script>';
    for (let size = 1; size <= 12; size += 1) {
      const injector = nonceInjector("N");
      let out = "";
      for (let i = 0; i < html.length; i += size) out += injector.push(html.slice(i, i + size));
      out += injector.end();
      expect(out).toBe(
        '<head><script nonce="N" src="a.js"></script><SCRIPT nonce="N">x</SCRIPT><scripts-not-a-tag><link nonce="N" rel="modulepreload" href="m.js"/><link rel="icon" href="i.svg"/><linked></head><script nonce="N"\n>y</script>',
      );
    }
  });

  it("holds Next's chunks until the page has painted: placeholders, one loader before the first, no preloads", () => {
    const html =
      '<head><link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/b.js"/><link rel="stylesheet" href="/_next/static/chunks/s.css"/>' +
      '<script src="/_next/static/chunks/a.js" async=""></script><script src="/_next/static/chunks/p.js" noModule=""></script><script src="/elsewhere.js" async=""></script>' +
      '</head><body><script>self.x=1</script><script src="/_next/static/chunks/b.js" async=""></script></body>';
    for (let size = 1; size <= 16; size += 3) {
      const injector = nonceInjector("N", { deferChunks: true });
      let out = "";
      for (let i = 0; i < html.length; i += size) out += injector.push(html.slice(i, i + size));
      out += injector.end();
      const placeholder = (src: string) => `<script nonce="N" type="${DEFERRED_SCRIPT_TYPE}" data-src="${src}"></script>`;
      // The preload of a chunk would fetch it before the paint: gone. The stylesheet stays.
      expect(out).not.toContain('rel="preload"');
      expect(out).toContain('<link rel="stylesheet" href="/_next/static/chunks/s.css"/>');
      expect(out).toContain(placeholder("/_next/static/chunks/a.js"));
      expect(out).toContain(placeholder("/_next/static/chunks/b.js"));
      expect(out).not.toMatch(/<script[^>]*\ssrc="\/_next\/static\/chunks\/(a|b)\.js"/);
      // Not Next's async chunks: only the nonce.
      expect(out).toContain('<script nonce="N" src="/_next/static/chunks/p.js" noModule=""></script>');
      expect(out).toContain('<script nonce="N" src="/elsewhere.js" async=""></script>');
      expect(out).toContain('<script nonce="N">self.x=1</script>');
      // One loader, right before the first placeholder.
      const loaders = out.match(/<script nonce="N">\(function\(\)\{[^<]*function load\(spread\)/g) ?? [];
      expect(loaders).toHaveLength(1);
      expect(out.indexOf("function load(spread)")).toBeLessThan(out.indexOf(placeholder("/_next/static/chunks/a.js")));
    }
  });

  it("leaves the chunks as they are without deferChunks (development)", () => {
    const injector = nonceInjector("N");
    const html = '<link rel="preload" as="script" href="/_next/static/chunks/b.js"/><script src="/_next/static/chunks/a.js" async=""></script>';
    expect(injector.push(html) + injector.end()).toBe(
      '<link nonce="N" rel="preload" as="script" href="/_next/static/chunks/b.js"/><script nonce="N" src="/_next/static/chunks/a.js" async=""></script>',
    );
  });
});

describe("the loader of the chunks after the first paint (ADR 041)", () => {
  const CHUNKS = ["/_next/static/chunks/a.js", "/_next/static/chunks/b.js", "/_next/static/chunks/c.js"];

  /**
   * Runs the loader in a parsed document that has not painted yet. Timers and the paint observer are
   * held, not run: `paint()` reports the first contentful paint, `runTimers()` runs each pending timer
   * as the browser would, one task each.
   */
  function runLoader(htmlId: string) {
    const added: string[] = [];
    const timers: { ms: number; run: () => void }[] = [];
    const tasks: string[][] = [];
    let observed: ((entries: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void) | null = null;
    const document = {
      readyState: "complete",
      documentElement: { id: htmlId },
      querySelectorAll: () => CHUNKS.map((src) => ({ getAttribute: () => src })),
      createElement: () => ({ src: "", async: false }),
      head: { appendChild: (script: { src: string }) => added.push(script.src) },
      addEventListener: () => undefined,
    };
    // Paint timing is supported, and the first paint has not been reported yet.
    class PerformanceObserver {
      static supportedEntryTypes = ["paint"];
      constructor(callback: typeof observed) {
        observed = callback;
      }
      observe() {}
    }
    vm.runInNewContext(LOAD_AFTER_PAINT, {
      document,
      window: { PerformanceObserver, addEventListener: () => undefined },
      PerformanceObserver,
      setTimeout: (run: () => void, ms: number) => timers.push({ ms, run }),
      requestAnimationFrame: () => undefined,
    });
    return {
      added,
      tasks,
      timerDelays: () => timers.map((timer) => timer.ms),
      paint: () => observed?.({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{}] : []) }, { disconnect: () => undefined }),
      /** Runs the timers due now (0 ms) in order, including those they set; answers what each task added. */
      runTimers: () => {
        for (let next = timers.findIndex((timer) => timer.ms === 0); next >= 0; next = timers.findIndex((timer) => timer.ms === 0)) {
          const [timer] = timers.splice(next, 1);
          const before = added.length;
          timer?.run();
          tasks.push(added.slice(before));
        }
        return tasks;
      },
    };
  }

  it("waits for the first paint on a page", () => {
    const loader = runLoader("");
    expect(loader.added).toEqual([]);
    expect(loader.timerDelays()).toEqual([3000]);
  });

  it("adds the chunks after the first paint, each in a task of its own and in the page's order", () => {
    const loader = runLoader("");
    loader.paint();
    expect(loader.added).toEqual([]);
    const tasks = loader.runTimers();
    expect(loader.added).toEqual(CHUNKS);
    expect(tasks.filter((task) => task.length > 0)).toEqual(CHUNKS.map((src) => [src]));
  });

  it("loads at once on Next's error document, which is blank until its scripts run", () => {
    expect(runLoader("__next_error__").added).toEqual(CHUNKS);
  });
});

describe("actions taken before React starts are done again once it has (ADR 050)", () => {
  type Listener = (event: FakeEvent) => void;
  type FakeEvent = {
    type: string;
    target: unknown;
    submitter?: unknown;
    button: number;
    ctrlKey?: boolean;
    defaultPrevented: boolean;
    stopped: boolean;
    preventDefault(): void;
    stopImmediatePropagation(): void;
  };

  /** A page the replay runs in: a document, its listeners and a clock moved by hand. */
  function page() {
    const listeners: Record<string, Listener> = {};
    const done: string[] = [];
    // Every button and form made so far, as querySelectorAll finds them once the HTML is parsed.
    const made: unknown[] = [];
    // <html>: the replay marks it data-waiting while anything waits (app/globals.css shows a bar).
    const root = new Set<string>();
    const document: Record<string, unknown> = {
      readyState: "loading",
      documentElement: { setAttribute: (name: string) => root.add(name), removeAttribute: (name: string) => root.delete(name) },
      querySelectorAll: () => [...made],
      addEventListener: (type: string, listener: Listener) => (listeners[type] = listener),
      removeEventListener: (type: string) => delete listeners[type],
    };
    let interval: (() => void) | null = null;
    // The window's own listener (the last a submit meets): stored under "window submit".
    const window = {
      addEventListener: (type: string, listener: Listener) => (listeners[`window ${type}`] = listener),
      removeEventListener: (type: string) => delete listeners[`window ${type}`],
    };
    vm.runInNewContext(REPLAY_EARLY_ACTIONS, {
      document,
      window,
      Object,
      String,
      location: { origin: "https://shop.test", assign: (href: string) => done.push(`go to ${href}`) },
      setInterval: (callback: () => void) => ((interval = callback), 1),
      clearInterval: () => (interval = null),
    });
    const handledBy = new Set<unknown>();
    const element = (fields: Record<string, unknown>) => {
      const el = { isConnected: true, ...fields } as Record<string, unknown>;
      made.push(el);
      return el;
    };
    const button = (name: string, type = "button", form: unknown = null) => {
      const el = element({ type, form, disabled: false, click: () => done.push(`click ${name}`) });
      el.closest = (selector: string) => (selector === "button" ? el : null);
      return el;
    };
    /** A link as the page's HTML has it; `fields` overrides its target, origin or download. */
    const link = (path: string, fields: Record<string, unknown> = {}) => {
      const el = element({ href: `https://shop.test${path}`, origin: "https://shop.test", target: "", click: () => done.push(`follow ${path}`), ...fields });
      el.hasAttribute = (name: string) => name in fields;
      el.closest = (selector: string) => (selector === "a[href]" ? el : null);
      return el;
    };
    const form = (name: string, method: string): Record<string, unknown> => {
      const el: Record<string, unknown> = element({
        getAttribute: () => method,
        requestSubmit: (submitter?: { name?: string }) => {
          done.push(`submit ${name}${submitter ? ` by ${submitter.name}` : ""}`);
          fire("submit", el, submitter);
        },
      });
      return el;
    };
    const fire = (type: string, target: unknown, submitter?: unknown, keys: { ctrlKey?: boolean } = {}): FakeEvent => {
      const event: FakeEvent = {
        type,
        target,
        submitter,
        button: 0,
        ...keys,
        defaultPrevented: false,
        stopped: false,
        preventDefault() {
          event.defaultPrevented = true;
        },
        stopImmediatePropagation() {
          event.stopped = true;
        },
      };
      listeners[type]?.(event);
      // Whoever handles it on the way (React's handler, say) would run here: `handled` stands for that.
      if (handledBy.has(target)) event.preventDefault();
      if (!event.stopped) listeners[`window ${type}`]?.(event);
      return event;
    };
    const reactStarts = () => (document["_reactListening4x2"] = true);
    // React's props on a hydrated element; a form a component handles carries onSubmit.
    const hydrate = (el: Record<string, unknown>, props: Record<string, unknown> = { onSubmit: () => undefined }) => (el["__reactProps$4x2"] = props);
    const tick = (times = 1) => {
      for (let i = 0; i < times; i += 1) interval?.();
    };
    /** The HTML is parsed: what exists now came from the server. */
    const parsed = () => (listeners.DOMContentLoaded as unknown as () => void)();
    /** React now handles the element's events (its handler prevents a form's native submit). */
    const handles = (el: unknown) => handledBy.add(el);
    return { button, form, link, fire, reactStarts, hydrate, handles, tick, parsed, done, ticking: () => interval !== null, waiting: () => root.has("data-waiting") };
  }

  it("clicks a button again once React has hydrated it, and only then; neither React nor the browser saw the first", () => {
    const p = page();
    const add = p.button("add");
    expect(p.waiting()).toBe(false);
    expect(p.fire("click", add).stopped).toBe(true);
    p.tick(3);
    expect(p.done).toEqual([]);
    // The page shows that the tap was taken (a bar across the top) for as long as it waits.
    expect(p.waiting()).toBe(true);
    p.reactStarts();
    p.tick();
    expect(p.done).toEqual([]);
    p.hydrate(add);
    p.tick();
    expect(p.done).toEqual(["click add"]);
    expect(p.ticking()).toBe(false);
    expect(p.waiting()).toBe(false);
  });

  it("stops a POST form's native submit and sends it again with its submit button, once", () => {
    const p = page();
    const signIn = p.form("sign-in", "post");
    const submit = { ...p.button("send", "submit", signIn), name: "send" };
    expect(p.fire("click", submit).stopped).toBe(false);
    const first = p.fire("submit", signIn, submit);
    expect([first.defaultPrevented, first.stopped]).toEqual([true, true]);
    const second = p.fire("submit", signIn, submit);
    expect([second.defaultPrevented, second.stopped]).toEqual([true, true]);
    p.reactStarts();
    p.hydrate(signIn);
    p.handles(signIn);
    p.tick();
    expect(p.done).toEqual(["submit sign-in by send"]);
  });

  it("keeps an action on a part React has not hydrated yet, after React has started (its code still downloading)", () => {
    const p = page();
    p.reactStarts();
    const register = p.form("register", "post");
    expect(p.fire("submit", register).defaultPrevented).toBe(true);
    p.tick(5);
    expect(p.done).toEqual([]);
    p.hydrate(register);
    p.handles(register);
    p.tick();
    expect(p.done).toEqual(["submit register"]);
  });

  it("a plain POST form React hydrated without a handler (the /confirm-email page's) posts at once, and is never held", () => {
    const p = page();
    const confirm = p.form("confirm", "post");
    p.parsed();
    p.reactStarts();
    p.hydrate(confirm, {});
    const sent = p.fire("submit", confirm);
    expect(sent.defaultPrevented).toBe(false);
    expect(sent.stopped).toBe(false);
    expect(p.ticking()).toBe(false);
    expect(p.waiting()).toBe(false);
  });

  it("a form React carries but lets through (hydration blocked on a part still loading) is stopped at the window and sent again", () => {
    const p = page();
    const register = p.form("register", "post");
    p.parsed();
    p.reactStarts();
    p.hydrate(register);
    // Sent while React is mid-hydration: nobody prevents it, so it would post natively.
    const sent = p.fire("submit", register);
    expect(sent.defaultPrevented).toBe(true);
    p.tick();
    expect(p.done).toEqual(["submit register"]);
    // Still not handled: held again, tried again on the next tick; handled: done.
    p.handles(register);
    p.tick();
    expect(p.done).toEqual(["submit register", "submit register"]);
    expect(p.ticking()).toBe(false);
  });

  it("leaves searches (GET forms), reset buttons and hydrated elements to the browser and React", () => {
    const p = page();
    const search = p.fire("submit", p.form("search", "get"));
    expect([search.defaultPrevented, search.stopped]).toEqual([false, false]);
    expect(p.fire("click", p.button("clear", "reset")).stopped).toBe(false);
    p.reactStarts();
    const late = p.form("late", "post");
    p.hydrate(late);
    p.handles(late);
    // React's handler prevents the native submit; the replay neither stops nor keeps it.
    expect(p.fire("submit", late).stopped).toBe(false);
    const menu = p.button("menu");
    p.hydrate(menu);
    expect(p.fire("click", menu).stopped).toBe(false);
    expect(p.ticking()).toBe(false);
    expect(p.done).toEqual([]);
  });

  it("holds only what the page's HTML had: a button other code makes later (a carousel's bullet) is left to it", () => {
    const p = page();
    const add = p.button("add");
    p.parsed();
    const bullet = p.button("bullet");
    expect(p.fire("click", bullet).stopped).toBe(false);
    expect(p.fire("click", add).stopped).toBe(true);
    p.reactStarts();
    p.hydrate(add);
    p.tick();
    expect(p.done).toEqual(["click add"]);
  });

  it("a link followed while an action waits goes after it: once the action was done again, React has hydrated the link and 100 ms have passed", () => {
    const p = page();
    const add = p.button("add");
    const cart = p.link("/cart");
    p.parsed();
    expect(p.fire("click", add).stopped).toBe(true);
    const follow = p.fire("click", cart);
    expect([follow.defaultPrevented, follow.stopped]).toEqual([true, true]);
    p.reactStarts();
    p.hydrate(add);
    p.tick();
    expect(p.done).toEqual(["click add"]);
    p.tick();
    expect(p.done).toEqual(["click add"]);
    p.hydrate(cart);
    p.tick(2);
    expect(p.done).toEqual(["click add"]);
    p.tick();
    expect(p.done).toEqual(["click add", "follow /cart"]);
    expect(p.ticking()).toBe(false);
  });

  it("leaves a link to the browser when nothing waits, and always one to another site, for a new tab, a download or with a key held", () => {
    const p = page();
    expect(p.fire("click", p.link("/cart")).defaultPrevented).toBe(false);
    p.fire("click", p.button("add"));
    for (const elsewhere of [
      p.link("/maker", { origin: "https://maker.test", href: "https://maker.test/maker" }),
      p.link("/cart", { target: "_blank" }),
      p.link("/price-list.pdf", { download: "" }),
    ]) {
      const event = p.fire("click", elsewhere);
      expect([event.defaultPrevented, event.stopped]).toEqual([false, false]);
    }
    expect(p.fire("click", p.link("/cart"), undefined, { ctrlKey: true }).defaultPrevented).toBe(false);
  });

  it("sends the browser to a link still waiting when the replay gives up after 10 s", () => {
    const p = page();
    p.fire("click", p.button("stuck"));
    p.fire("click", p.link("/cart"));
    p.tick(200);
    expect(p.done).toEqual(["go to https://shop.test/cart"]);
    expect(p.ticking()).toBe(false);
    expect(p.waiting()).toBe(false);
  });

  it("drops an action whose element left the page, and after 10 s gives up and turns itself off", () => {
    const p = page();
    const gone = p.button("gone");
    const stuck = p.button("stuck");
    p.fire("click", gone);
    gone.isConnected = false;
    p.fire("click", stuck);
    p.reactStarts();
    p.tick(199);
    expect(p.ticking()).toBe(true);
    p.tick();
    expect(p.ticking()).toBe(false);
    p.hydrate(stuck);
    p.tick();
    expect(p.done).toEqual([]);
    // Were React's keys renamed, every button would look unhydrated: one action is lost, not all.
    expect(p.fire("click", p.button("next")).stopped).toBe(false);
    expect(p.fire("submit", p.form("next", "post")).defaultPrevented).toBe(false);
  });
});
