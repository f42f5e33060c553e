// @ts-check
// React's outlined Suspense boundaries, put in their place on the server (docs/decisions/056).
//
// Once a page's HTML has passed 12,800 bytes, React writes each later <Suspense> boundary of more than
// 500 bytes as a segment of its own, even when its content is ready with the rest: an empty place
// (`<!--$?--><template id="B:1"></template><!--/$-->`), later the content hidden at the end of the body
// (`<div hidden id="S:1">…</div>`) and a script (`$RC("B:1","S:1")`) that moves it into place, batched
// to the next frame and after that every 300 ms. On the shop's pages that is nearly every boundary,
// the header's menus among them: the first paint showed a page without them, and the browser laid the
// page out again when they moved in, often after the first paint (146 ms of one task on `/`, on a slow
// host). When the segment comes in the same part of the answer as its place, this rewrite moves the
// content there itself and drops the script's call, which leaves the document React's own script
// would have made (`<!--$-->…<!--/$-->`), so hydration sees the same nodes. A boundary whose segment
// comes later (its data was not ready) is left to React: what follows its place is held only until the
// end of the tick in which it was written (`release`). Anything that does not match this shape (other
// scripts, segments inside tables or SVG) is left as it is, and so is every page if React changes it.

const PLACE = /<!--\$\?--><template id="(B:[0-9a-z]+)"><\/template>/g;
const FIRST_PLACE = new RegExp(PLACE.source);
const CALL = /\$RC\("(B:[0-9a-z]+)","(S:[0-9a-z]+)"\)/g;
// Elements whose text is not HTML: a "<div" inside them is not a tag.
const RAW_TEXT = /^<(script|style)(?=[\s>])/i;

/**
 * Where the element opened at `start` (a `<div`) ends, just after its `</div>`; -1 if not in `html` yet.
 * React escapes "<" in text and attribute values, so outside <script> and <style> every "<div" and
 * "</div" is a tag.
 * @param {string} html
 * @param {number} start
 */
function endOfDiv(html, start) {
  let depth = 0;
  let at = start;
  for (;;) {
    const lt = html.indexOf("<", at);
    if (lt === -1) return -1;
    const raw = RAW_TEXT.exec(html.slice(lt, lt + 8));
    if (raw) {
      const close = html.indexOf(`</${raw[1]}`, lt);
      if (close === -1) return -1;
      at = close + 2;
      continue;
    }
    if (html.startsWith("<div", lt) && /[\s>]/.test(html[lt + 4] ?? "")) depth += 1;
    else if (html.startsWith("</div>", lt)) {
      depth -= 1;
      if (depth === 0) return lt + 6;
    }
    at = lt + 1;
  }
}

/**
 * Where the fallback after a boundary's place ends: the index of its closing `<!--/$-->`, counting the
 * boundaries nested in the fallback; -1 if not in `html` yet.
 * @param {string} html
 * @param {number} from
 */
function endOfFallback(html, from) {
  let depth = 0;
  let at = from;
  for (;;) {
    const open = html.indexOf("<!--", at);
    if (open === -1) return -1;
    const close = html.indexOf("-->", open + 4);
    if (close === -1) return -1;
    const data = html.slice(open + 4, close);
    if (data === "/$" || data === "/&") {
      if (depth === 0) return open;
      depth -= 1;
    } else if (data === "$" || data === "$?" || data === "$!" || data === "$~" || data === "&") depth += 1;
    at = close + 3;
  }
}

/**
 * Moves into its place every outlined boundary of `html` whose place, segment and call are all in it
 * (the call with its script's end). Places nested in a moved segment are moved as well.
 * @param {string} html
 */
export function inlineBoundaries(html) {
  if (!html.includes('$RC("')) return html;
  /** @type {Map<string, { start: number, end: number }>} */
  const places = new Map();
  for (const place of html.matchAll(PLACE)) {
    const end = endOfFallback(html, place.index + place[0].length);
    if (end !== -1) places.set(place[1] ?? "", { start: place.index, end });
  }
  /** @type {Map<string, { from: number, to: number }>} */
  const contents = new Map();
  /** @type {{ start: number, end: number, boundary?: string }[]} */
  const cuts = [];
  for (const call of html.matchAll(CALL)) {
    const [text, boundary = "", segment = ""] = call;
    const place = places.get(boundary);
    if (!place) continue;
    const open = `<div hidden id="${segment}">`;
    const divStart = html.lastIndexOf(open, call.index);
    if (divStart < place.end) continue;
    const divEnd = endOfDiv(html, divStart);
    const scriptStart = html.lastIndexOf("<script", call.index);
    const scriptEnd = html.indexOf("</script>", call.index);
    if (divEnd === -1 || divEnd > scriptStart || scriptEnd === -1) continue;
    // The call alone in its script goes with the script; after React's runtime (its first call), the
    // runtime stays for any segment left to React.
    const alone = html.indexOf(">", scriptStart) + 1 === call.index && scriptEnd === call.index + text.length;
    contents.set(boundary, { from: divStart + open.length, to: divEnd - "</div>".length });
    cuts.push({ start: place.start, end: place.end, boundary }, { start: divStart, end: divEnd });
    cuts.push(alone ? { start: scriptStart, end: scriptEnd + "</script>".length } : { start: call.index, end: call.index + text.length });
  }
  if (contents.size === 0) return html;
  cuts.sort((a, b) => a.start - b.start);
  /** html from `from` to `to` with its cuts made: a place gets its content, the rest goes. */
  const render = (/** @type {number} */ from, /** @type {number} */ to) => {
    let out = "";
    let at = from;
    for (const cut of cuts) {
      if (cut.start < at || cut.start >= to) continue;
      out += html.slice(at, cut.start);
      const content = cut.boundary ? contents.get(cut.boundary) : undefined;
      // The place's own "<!--/$-->" (at cut.end) closes the boundary, now complete.
      if (content) out += "<!--$-->" + render(content.from, content.to);
      at = cut.end;
    }
    return out + html.slice(at, to);
  };
  return render(0, html.length);
}

/**
 * The streaming form: `push` answers what may be written now, holding back from the first place whose
 * segment has not come yet; `release` lets that go as it is (the segment is late: React will move
 * it), `end` answers the rest with its last text.
 */
export function boundaryInliner() {
  let held = "";
  return {
    /** Whether text is held back, so the caller should `release` it after this tick. */
    get holding() {
      return held.length > 0;
    },
    /** @param {string} text */
    push(text) {
      // A segment can only be moved once its call's script has ended: look again when a "</script>"
      // has come, whole or completed by this text.
      const joined = held + text;
      const ended = joined.includes("</script>", Math.max(0, held.length - "</script>".length));
      const html = held && !ended ? joined : inlineBoundaries(joined);
      const cut = holdFrom(html);
      held = html.slice(cut);
      return html.slice(0, cut);
    },
    release() {
      const out = held;
      held = "";
      return out;
    },
    /** The rest of the answer, its last text included: every segment that came is moved. */
    end(text = "") {
      const out = inlineBoundaries(held + text);
      held = "";
      return out;
    },
  };
}

/**
 * Where to start holding `html` back: its first place still empty, or a place cut short at its end.
 * @param {string} html
 */
function holdFrom(html) {
  const place = html.search(FIRST_PLACE);
  if (place !== -1) return place;
  const marker = '<!--$?--><template id="B:';
  const tail = html.lastIndexOf("<");
  const partial = html.lastIndexOf("<!--$?-->");
  // A place cut by the chunk's end: "<!--$?--><temp", or "<!--$" alone.
  if (partial !== -1 && html.indexOf("</template>", partial) === -1 && html.length - partial < marker.length + 16) return partial;
  if (tail !== -1 && marker.startsWith(html.slice(tail))) return tail;
  return html.length;
}
