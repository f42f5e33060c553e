// @ts-check
// Security headers on every answer of the shop (docs/decisions/021). Every HTML answer gets an enforced
// nonce-based CSP: Next renders no nonce; this server adds a fresh one per answer to each <script> tag
// (and each <link> that preloads a script) of the HTML as it streams out, and names it in that
// answer's policy. Static pages stay static.
import zlib from "node:zlib";
import { boundaryInliner } from "./inline-boundaries.mjs";
import { newNonce, preparePage } from "./prepared-page.mjs";

/** @typedef {{ dev: boolean, https: boolean, stripe: boolean, imageHosts: string[] }} SecurityPolicy */

/**
 * The policy for this process's configuration: Stripe's hosts only when Stripe is configured, the
 * image host in use, HSTS only when the shop is served over https.
 * @param {Record<string, string | undefined>} env
 * @param {boolean} dev
 * @returns {SecurityPolicy}
 */
export function readSecurityPolicy(env, dev) {
  const imageHosts = env.CLOUDINARY_URL ? ["https://res.cloudinary.com"] : [];
  return {
    dev,
    https: (env.APP_URL ?? "").startsWith("https://"),
    stripe: Boolean(env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_SECRET_KEY),
    imageHosts,
  };
}

const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "usb=()",
  "serial=()",
  // No "bluetooth": Chromium does not know that name in this header and warns in the console of every page.
  "midi=()",
  "magnetometer=()",
  "gyroscope=()",
  "accelerometer=()",
  "browsing-topics=()",
  // Stripe's payment frame may offer Apple Pay / Google Pay.
  "payment=(self \"https://js.stripe.com\")",
].join(", ");

/**
 * Headers every answer carries, whatever it is. Non-HTML answers get a CSP that allows nothing (an
 * SVG or JSON opened directly cannot run anything); HTML answers replace it with the page policy.
 * @param {SecurityPolicy} policy
 * @returns {Record<string, string>}
 */
export function constantHeaders(policy) {
  /** @type {Record<string, string>} */
  const headers = {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": PERMISSIONS_POLICY,
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
  };
  // https://developer.mozilla.org/docs/Web/HTTP/Headers/Strict-Transport-Security: only over https,
  // or a plain-http development shop would be unreachable for a year.
  if (policy.https) headers["strict-transport-security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

// Stripe's own CSP guide (https://docs.stripe.com/security/guide#content-security-policy): Stripe.js
// and its frames come from js.stripe.com and its subdomains, 3-D Secure pages from hooks.stripe.com.
const STRIPE_SCRIPTS = "https://js.stripe.com https://*.js.stripe.com";

/**
 * The CSP of an HTML page: scripts only by this answer's nonce ('strict-dynamic' lets them load
 * Next's chunks and Stripe.js; 'self' and Stripe's hosts are the fallback of browsers without it,
 * which CSP 3 browsers ignore), and exactly the outside hosts the shop uses.
 * @param {SecurityPolicy} policy
 * @param {string} nonce
 */
export function pagePolicy(policy, nonce) {
  const directives = [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'${policy.stripe ? ` ${STRIPE_SCRIPTS}` : ""}${policy.dev ? " 'unsafe-eval'" : ""}`,
    // React and Next write style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${policy.imageHosts.map((host) => ` ${host}`).join("")}`,
    "font-src 'self'",
    `connect-src 'self'${policy.stripe ? " https://api.stripe.com" : ""}${policy.dev ? " ws: wss:" : ""}`,
    `frame-src ${policy.stripe ? `${STRIPE_SCRIPTS} https://hooks.stripe.com` : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (policy.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

// A whole <script …> or <link …> start tag. React escapes ">" in attribute values, so the first ">"
// ends the tag.
const TAG = /<(script|link)(?=[\s/>])[^>]*>/gi;
// A <link> whose fetch is a script's: under 'strict-dynamic' it needs the nonce too, or the browser
// refuses the preload (Next preloads chunks with <link rel="preload" as="script">).
const SCRIPT_LINK = /\bas\s*=\s*["']?script\b|\brel\s*=\s*["']?modulepreload\b/i;

// Next's own chunks: `<script src="/_next/static/chunks/….js" async>` and preloads of them.
const CHUNK = /\b(?:src|href)\s*=\s*"(\/_next\/static\/chunks\/[^"]+\.js)"/i;
const ASYNC = /\sasync(?=[\s=/>])/i;
export const DEFERRED_SCRIPT_TYPE = "text/x-toolforge-after-paint";
// Loads the chunks once the page has painted (ADR 041): when the document is parsed and the browser
// has reported its first contentful paint (a PerformanceObserver; the entry comes once the frame is
// on screen, later than requestAnimationFrame on a busy machine), in the task after. Without paint
// timing it waits a frame; a page that has not painted after 3 s (a hidden tab) loads anyway. Next's
// error document (`<html id="__next_error__">`, a page whose render failed) is empty until its scripts
// draw the error message: it loads them at once instead of showing a blank page for those 3 s.
// Each placeholder becomes the async <script> Next rendered, each added in a task of its own: adding
// ten in one task took 24-28 ms on a fast host (each add starts a fetch), one task Lighthouse counts as
// blocking at a phone's speed (ADR 041, amendment). Under 'strict-dynamic' a nonced script may add
// scripts, so they need no nonce. The same inline script first starts REPLAY_EARLY_ACTIONS.
export const LOAD_AFTER_PAINT_ONLY = `(function(){var done=false;function add(src){var s=document.createElement("script");s.src=src;s.async=true;document.head.appendChild(s)}function load(spread){if(done)return;done=true;var list=document.querySelectorAll('script[type="${DEFERRED_SCRIPT_TYPE}"]');for(var i=0;i<list.length;i++){var src=list[i].getAttribute("data-src");if(spread)setTimeout(add.bind(null,src),0);else add(src)}}function later(){load(true)}function afterPaint(){if(document.documentElement.id==="__next_error__"){load(false);return}var types=(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[];if(types.indexOf("paint")<0){requestAnimationFrame(function(){setTimeout(later,0)});return}setTimeout(later,3000);new PerformanceObserver(function(entries,observer){if(entries.getEntriesByName("first-contentful-paint").length){observer.disconnect();setTimeout(later,0)}}).observe({type:"paint",buffered:true})}if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",afterPaint);else afterPaint()})()`;

// Until React has hydrated an element (it then carries React's own "__reactProps$…" key), the element
// is inert: a button does nothing and a form posts natively to the page's own address, reloading it
// empty (ADR 050). That lasts from the first paint until the scripts have run, and after React has
// started, for any part whose code is still downloading. This keeps those actions: a click on such a
// <button> that is not a form's submit button, and the submit of such a POST form (once per form),
// are stopped before React or the browser act on them (this listener is the document's first) and
// noted. Only buttons and forms that were in the HTML when the page was parsed count: React hydrates
// those, while buttons other code makes later (the carousel's bullets, made by swiper) are never
// React's and are left alone. Every 50 ms, once React listens on the document (its
// "_reactListening…" key) and has hydrated the element, the action is done again, in order: the
// click, or form.requestSubmit with the same submit button. An element gone from the page is
// dropped; anything still waiting after 10 s is dropped and the replay turns itself off for the page
// (were React's keys ever renamed, one action per page would be lost, not every click). React can
// also be mid-hydration when a form is sent: the form already carries React's keys, but React,
// blocked on a part still loading, lets the event through. So a POST form's submit that reaches the
// window with nobody having prevented it (every shop form's handler does) is stopped there as well
// and sent again later, one form per 50 ms, without restarting the 10 s. Only a form React would
// handle (its props carry onSubmit or an action function) is stopped there: a plain form React
// hydrated with no handler (/confirm-email's) posts as the browser sends it. Links and GET forms
// (searches) are left to the browser, which does them without JavaScript; hydrated elements are left
// to React. Except one case: a link to this site followed (a plain left click) while an action
// waits would leave the page, or replace its content, before the action is done (Add to cart, then
// the cart link at once: the cart came up without the tool). Such a link waits in the same queue:
// once the actions before it have been done again and React has hydrated it, and 100 ms after (the
// time an action's first step needs), it is clicked again, which Next's <Link> turns into a move
// within the page, so the action's remaining work goes on. Were it still waiting at the end of the
// 10 s, the browser is sent to its address.
// While anything waits, <html> carries data-waiting: app/globals.css runs a thin bar across the top,
// so the person sees that the tap was taken instead of tapping again.
export const REPLAY_EARLY_ACTIONS = `(function(){var queue=[],timer=0,ticks=0,served=null,replaying=false;function collect(){served=new WeakSet();var list=document.querySelectorAll("button,form");for(var i=0;list.length>i;i++)served.add(list[i])}function fromServer(el){return !served||served.has(el)}function marked(el,prefix){var keys=Object.keys(el);for(var i=0;keys.length>i;i++)if(keys[i].indexOf(prefix)===0)return true;return false}function tick(){ticks++;while(queue.length){var a=queue[0],el=a.form||a.button||a.link;if(!el.isConnected){queue.shift();continue}if(!marked(document,"_reactListening")||!marked(el,"__reactProps$"))break;if(a.link){if(a.at===undefined)a.at=ticks;if(2>ticks-a.at)break;queue.shift();replaying=true;try{a.link.click()}finally{replaying=false}break}queue.shift();if(a.button){a.button.click();continue}try{a.form.requestSubmit(a.by&&a.by.isConnected?a.by:undefined)}catch(e){a.form.requestSubmit()}break}if(ticks>=200){off();for(var i=queue.length-1;i>=0;i--)if(queue[i].link){location.assign(queue[i].link.href);break}}if(!queue.length||ticks>=200){queue=[];clearInterval(timer);timer=0;waiting(false)}}function waiting(on){var root=document.documentElement;if(on)root.setAttribute("data-waiting","");else root.removeAttribute("data-waiting")}function off(){document.removeEventListener("click",early,true);document.removeEventListener("submit",early,true);window.removeEventListener("submit",late,false)}function postForm(t){return !!t&&!!t.getAttribute&&String(t.getAttribute("method")).toLowerCase()==="post"&&fromServer(t)}function hold(event,a,fresh){event.stopImmediatePropagation();if(a.form){event.preventDefault();for(var i=0;queue.length>i;i++)if(queue[i].form===a.form)return}queue.push(a);waiting(true);if(fresh)ticks=0;if(!timer)timer=setInterval(tick,50)}function reactSubmits(el){var keys=Object.keys(el);for(var i=0;keys.length>i;i++)if(keys[i].indexOf("__reactProps$")===0){var p=el[keys[i]];return !!p&&(typeof p.onSubmit==="function"||typeof p.action==="function")}return true}function late(event){var t=event.target;if(!event.defaultPrevented&&postForm(t)&&reactSubmits(t))hold(event,{form:t,by:event.submitter||null},false)}function early(event){var t=event.target;if(event.type==="submit"){if(postForm(t)&&!marked(t,"__reactProps$"))hold(event,{form:t,by:event.submitter||null},true);return}var l=queue.length&&!replaying&&t&&t.closest?t.closest("a[href]"):null;if(l&&event.button===0&&!(event.metaKey||event.ctrlKey||event.shiftKey||event.altKey)&&(!l.target||l.target==="_self")&&!l.hasAttribute("download")&&l.origin===location.origin){event.preventDefault();hold(event,{link:l},false);return}var b=t&&t.closest?t.closest("button"):null;if(!b||b.disabled||b.type==="reset"||(b.type==="submit"&&b.form)||marked(b,"__reactProps$")||!fromServer(b))return;hold(event,{button:b},true)}document.addEventListener("click",early,true);document.addEventListener("submit",early,true);window.addEventListener("submit",late,false);if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",collect);else collect()})()`;

export const LOAD_AFTER_PAINT = REPLAY_EARLY_ACTIONS + ";" + LOAD_AFTER_PAINT_ONLY;

/**
 * A streaming rewrite that gives every <script> tag, and every <link> that preloads a script, the
 * nonce attribute. Next's own HTML never carries a nonce (the pages are rendered without one), so
 * nothing is doubled. With `deferChunks` (production), Next's async chunk scripts are held until the
 * page has painted: each becomes an inert placeholder that one inline loader (put before the first)
 * turns back into the script, and the chunks' preloads are dropped. With `inlineBoundaries`
 * (production), React's outlined Suspense boundaries whose content comes along are put in their place
 * (server/inline-boundaries.mjs, ADR 056); `holding` then says that text waits for `release`.
 * @param {string} nonce
 * @param {{ deferChunks?: boolean, inlineBoundaries?: boolean }} [options]
 */
export function nonceInjector(nonce, { deferChunks = false, inlineBoundaries = false } = {}) {
  let carry = "";
  let loaderWritten = false;
  const decoder = new TextDecoder();
  const inliner = inlineBoundaries ? boundaryInliner() : null;
  /** @param {string} tag @param {string} name */
  const one = (tag, name) => {
    const isScript = name.toLowerCase() === "script";
    const chunk = deferChunks ? CHUNK.exec(tag) : null;
    if (chunk && !isScript && SCRIPT_LINK.test(tag)) return "";
    if (chunk && isScript && ASYNC.test(tag)) {
      const placeholder = `<script nonce="${nonce}" type="${DEFERRED_SCRIPT_TYPE}" data-src="${chunk[1]}">`;
      if (loaderWritten) return placeholder;
      loaderWritten = true;
      return `<script nonce="${nonce}">${LOAD_AFTER_PAINT}</script>${placeholder}`;
    }
    return isScript || SCRIPT_LINK.test(tag) ? `<${name} nonce="${nonce}"${tag.slice(name.length + 1)}` : tag;
  };
  /** @param {string} text */
  const rewrite = (text) => text.replace(TAG, one);
  /** @param {string} fresh */
  const written = (fresh) => {
    const text = carry + fresh;
    // Hold back a tag the next chunk completes: from a last "<" with no ">" after it.
    const lt = text.lastIndexOf("<");
    const cut = lt >= 0 && text.indexOf(">", lt) === -1 ? lt : text.length;
    carry = text.slice(cut);
    return rewrite(text.slice(0, cut));
  };
  return {
    get holding() {
      return inliner?.holding ?? false;
    },
    /** @param {Buffer | string} chunk */
    push(chunk) {
      const text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
      return written(inliner ? inliner.push(text) : text);
    },
    /** What `holding` kept back, as it is. */
    release() {
      return inliner ? written(inliner.release()) : "";
    },
    end() {
      const rest = carry + (inliner ? inliner.end(decoder.decode()) : decoder.decode());
      carry = "";
      return rewrite(rest);
    },
  };
}

const NOT_PAGES = ["/api/", "/_next/", "/uploads/", "/images/"];

/**
 * Whether a request path may be a page: not the API, nor Next's or the shop's static files.
 * @param {string} url
 */
export function isPagePath(url) {
  return !NOT_PAGES.some((prefix) => url.startsWith(prefix));
}

/**
 * @param {import("node:http").IncomingMessage} req
 */
function wantsPage(req) {
  if (!isPagePath(req.url ?? "/")) return false;
  return req.method === "GET" || req.method === "HEAD" || req.method === "POST";
}

/**
 * What a wrapper of `res.writeHead(status, [message], [headers])` does before its own work: the
 * status and the headers object become the answer's, so `res.getHeader` sees them, and the wrapped
 * writeHead is then called with the status alone.
 * @param {import("node:http").ServerResponse} res
 * @param {number} status
 * @param {unknown[]} rest writeHead's other arguments
 */
export function foldWriteHeadArguments(res, status, rest) {
  res.statusCode = status;
  const headers = rest.find((arg) => arg && typeof arg === "object");
  if (headers && !Array.isArray(headers)) for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
}

/**
 * The rewrite a page gets under `policy`: a render's stream and a kept page's preparation both use it,
 * so a replay is the page a render sends.
 * @param {string} nonce
 * @param {SecurityPolicy} policy
 */
function pageInjector(nonce, policy) {
  return nonceInjector(nonce, { deferChunks: !policy.dev, inlineBoundaries: !policy.dev });
}

/** @type {WeakMap<import("node:http").ServerResponse, (prepared: import("./prepared-page.mjs").PreparedPage) => void>} */
const preparedSenders = new WeakMap();

/**
 * Prepares kept pages for replays (the page cache's `prepare`): the rewrite this policy gives a page,
 * done once with a stand-in nonce, and gzip done once (server/prepared-page.mjs, ADR 057).
 * @param {SecurityPolicy} policy
 * @returns {(body: Buffer) => import("./prepared-page.mjs").PreparedPage | null}
 */
export function replayPreparer(policy) {
  return (body) =>
    preparePage(body, (page, nonce) => {
      const injector = pageInjector(nonce, policy);
      return injector.push(page) + injector.end();
    });
}

/**
 * Answers `res` with a prepared page and a nonce of its own, when `res` is a page answer that
 * applySecurityHeaders rewrites; false otherwise (the caller then sends the page as it was kept).
 * @param {import("node:http").ServerResponse} res
 * @param {import("./prepared-page.mjs").PreparedPage} prepared
 */
export function sendPreparedPage(res, prepared) {
  const send = preparedSenders.get(res);
  if (!send) return false;
  send(prepared);
  return true;
}

/**
 * Puts the headers on this answer, and for HTML answers the nonce and the page policy: call before
 * Next handles the request. Next would compress the HTML before this could rewrite it, so for page
 * requests the client's Accept-Encoding is taken off the request and the rewritten HTML is
 * compressed here.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {SecurityPolicy} policy
 */
export function applySecurityHeaders(req, res, policy) {
  for (const [name, value] of Object.entries(constantHeaders(policy))) res.setHeader(name, value);
  if (!wantsPage(req)) return;
  // The RSC payloads of client-side navigations, prefetches and server actions are not HTML: they
  // keep the constant policy and Next's own compression. (A page asked for with these headers comes
  // back as a payload; forged on a page request, they get that page the policy that runs nothing.)
  if (req.headers.rsc !== undefined || req.headers["next-action"] !== undefined) return;
  const acceptEncoding = String(req.headers["accept-encoding"] ?? "");
  delete req.headers["accept-encoding"];

  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const writeHead = res.writeHead.bind(res);
  /** @type {ReturnType<typeof nonceInjector> | null} */
  let injector = null;
  /** @type {zlib.Gzip | null} */
  let compressor = null;
  let decided = false;
  let releasing = false;
  let ended = false;

  /** A nonce for this answer, in its policy. The body differs per answer now: a length or validator from before would be false. */
  const pageNonce = () => {
    const nonce = newNonce();
    res.setHeader("content-security-policy", pagePolicy(policy, nonce));
    res.removeHeader("content-length");
    res.removeHeader("etag");
    return nonce;
  };
  /** Whether to gzip the page, as Next's own compression does (Brotli costs more CPU per answer than these pages justify). */
  const gzipped = () => {
    res.setHeader("vary", [res.getHeader("vary"), "Accept-Encoding"].filter(Boolean).join(", "));
    return /\bgzip\b/.test(acceptEncoding);
  };

  // The page cache's replays come prepared (server/prepared-page.mjs): no rewrite and no gzip per answer.
  preparedSenders.set(res, (prepared) => {
    decided = true;
    const nonce = pageNonce();
    const gzip = req.method !== "HEAD" && gzipped();
    const body = gzip ? prepared.gzip(nonce) : prepared.plain(nonce);
    if (gzip) res.setHeader("content-encoding", "gzip");
    res.setHeader("content-length", body.length);
    writeHead(res.statusCode);
    end(req.method === "HEAD" ? undefined : body);
  });

  const decide = () => {
    if (decided) return;
    decided = true;
    // A 304 carries no policy: headers on a 304 replace the stored ones, and the browser's copy of
    // the page has its own nonce. (Rewritten pages lose their ETag, so this is a rare answer.)
    if (res.statusCode === 304) res.removeHeader("content-security-policy");
    const type = String(res.getHeader("content-type") ?? "");
    // Anything else that is not HTML (a redirect, a 204) keeps the policy that runs nothing.
    if (!type.includes("text/html") || res.statusCode === 304 || res.statusCode === 204) return;
    injector = pageInjector(pageNonce(), policy);
    if (req.method === "HEAD" || !gzipped()) return;
    res.setHeader("content-encoding", "gzip");
    compressor = zlib.createGzip({ level: 6 });
    compressor.on("data", (/** @type {Buffer} */ data) => write(data));
    compressor.on("end", () => end());
  };

  /** @param {string} text @param {boolean} last */
  const emit = (text, last) => {
    if (compressor) {
      // No flush per chunk: a flush per write costs more than the page itself (measured: ~10x fewer
      // answers per second); zlib sends what it has when its buffer fills and at the end.
      if (text) compressor.write(text);
      if (last) compressor.end();
      return true;
    }
    if (last) {
      end(text || undefined);
      return true;
    }
    return text ? write(text) : true;
  };

  /** @type {typeof res.writeHead} */
  const patchedWriteHead = /** @type {any} */ (
    (/** @type {number} */ status, /** @type {any[]} */ ...rest) => {
      foldWriteHeadArguments(res, status, rest);
      decide();
      return writeHead(status);
    }
  );
  res.writeHead = patchedWriteHead;
  const flushHeaders = res.flushHeaders.bind(res);
  res.flushHeaders = () => {
    decide();
    flushHeaders();
  };

  res.write = /** @type {typeof res.write} */ (
    (/** @type {any} */ chunk, /** @type {any[]} */ ...rest) => {
      decide();
      if (!injector) return write(chunk, ...rest);
      const callback = rest.find((arg) => typeof arg === "function");
      const result = emit(injector.push(typeof chunk === "string" ? chunk : Buffer.from(chunk)), false);
      if (injector.holding && !releasing) {
        // A boundary's segment still missing at the end of this tick is late: React will move it.
        releasing = true;
        setImmediate(() => {
          releasing = false;
          if (injector && !ended) emit(injector.release(), false);
        });
      }
      if (callback) process.nextTick(callback);
      return result;
    }
  );

  res.end = /** @type {typeof res.end} */ (
    (/** @type {any} */ chunk, /** @type {any[]} */ ...rest) => {
      decide();
      if (!injector) return end(chunk, ...rest);
      ended = true;
      const callback = [chunk, ...rest].find((arg) => typeof arg === "function");
      const body = chunk && typeof chunk !== "function" ? injector.push(typeof chunk === "string" ? chunk : Buffer.from(chunk)) : "";
      emit(body + injector.end(), true);
      if (callback) res.once("finish", callback);
      return res;
    }
  );
}
