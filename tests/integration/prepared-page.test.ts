import zlib from "node:zlib";
import { newNonce, preparePage } from "@/server/prepared-page.mjs";
import { nonceInjector, readSecurityPolicy, replayPreparer } from "@/server/security-headers.mjs";

/**
 * Kept pages prepared for replays (server/prepared-page.mjs, ADR 057): an answer made from the
 * prepared parts is, byte for byte, the page the server's rewrite makes with that nonce, and its gzip
 * stream decodes to it.
 */

const policy = readSecurityPolicy({}, false);

/** The production rewrite of a whole page, as a render's stream gets it. */
function rewritten(page: string, nonce: string): string {
  const injector = nonceInjector(nonce, { deferChunks: true, inlineBoundaries: true });
  return injector.push(page) + injector.end();
}

// A page of about 200 KB: scripts (each gets the nonce) between long runs of text that repeat, so
// the compressor reaches back across the nonces, a chunk script that is deferred, and an outlined
// boundary that is put in its place.
function page(): string {
  let html = '<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async></script><link rel="preload" as="script" href="/_next/static/chunks/b.js"></head><body>';
  html += '<main><!--$?--><template id="B:0"></template><!--/$--></main>';
  for (let i = 0; i < 400; i += 1) {
    html += `<div class="card rounded-xl border border-slate-200 p-4"><h2>Tool ${i % 37}</h2><p>Forged steel, ${i * 7} grams.</p></div>`;
    if (i % 25 === 0) html += `<script>self.__next_f.push([1,"row ${i}"])</script>`;
  }
  html += '<div hidden id="S:0"><p>streamed in</p></div><script>$RC=function(a,b){};$RC("B:0","S:0")</script></body></html>';
  return html;
}

describe("a prepared page", () => {
  const body = Buffer.from(page());
  const prepared = replayPreparer(policy)(body);

  test("is, for any nonce, the page the rewrite makes with it, plain and gzipped", () => {
    expect(prepared).not.toBeNull();
    for (const nonce of [newNonce(), newNonce(), "A".repeat(24)]) {
      const expected = rewritten(body.toString(), nonce);
      expect(expected.split(`nonce="${nonce}"`).length - 1).toBeGreaterThan(15);
      expect(prepared!.plain(nonce).toString()).toBe(expected);
      expect(zlib.gunzipSync(prepared!.gzip(nonce)).toString()).toBe(expected);
    }
  });

  test("decodes when it arrives in small pieces, as a browser reads it", async () => {
    const nonce = newNonce();
    const gzip = prepared!.gzip(nonce);
    const gunzip = zlib.createGunzip();
    const pieces: Buffer[] = [];
    gunzip.on("data", (piece: Buffer) => pieces.push(piece));
    const done = new Promise((resolve, reject) => gunzip.on("end", resolve).on("error", reject));
    for (let i = 0; i < gzip.length; i += 7) gunzip.write(gzip.subarray(i, i + 7));
    gunzip.end();
    await done;
    expect(Buffer.concat(pieces).toString()).toBe(rewritten(body.toString(), nonce));
  });

  test("costs under 100 bytes a nonce over gzipping the answer whole (each part's block and the nonce's)", () => {
    const nonce = newNonce();
    const answer = rewritten(body.toString(), nonce);
    const whole = zlib.gzipSync(answer, { level: 6 }).length;
    const places = answer.split(nonce).length - 1;
    expect(prepared!.gzip(nonce).length).toBeLessThan(whole + 100 * places);
  });

  test("a page with a zero byte is not prepared (the nonce's place in the dictionary is zeros)", () => {
    expect(preparePage(Buffer.from("<p>a\u0000b</p><script></script>"), (text, nonce) => rewritten(text.toString(), nonce))).toBeNull();
  });

  test("takes only nonces of the length it was prepared for", () => {
    expect(() => prepared!.plain("short")).toThrow(/24/);
  });

  test("a page with no script has one part, and comes out as it went in", () => {
    const plain = Buffer.from("<!DOCTYPE html><p>nothing to run</p>");
    const one = replayPreparer(policy)(plain);
    expect(one!.plain(newNonce()).toString()).toBe(plain.toString());
    expect(zlib.gunzipSync(one!.gzip(newNonce())).toString()).toBe(plain.toString());
  });
});
