import { boundaryInliner, inlineBoundaries } from "@/server/inline-boundaries.mjs";

/** React's outlined boundaries (ADR 056) are put in their place on the server. */

const RUNTIME = "$RB=[];$RV=function(a){};$RC=function(a,b){};";

// Shaped as React 19 writes a page whose boundaries came after its first 12,800 bytes: empty places
// in the shell, then each segment hidden at the end with the call that moves it; B:1 has a fallback
// (with a boundary of its own) and a boundary nested in its content (B:2, outlined as well).
const OUTLINED =
  '<body><nav><!--$?--><template id="B:0"></template><!--/$--></nav>' +
  '<main><!--$?--><template id="B:1"></template><p>Loading…</p><!--$--><span>inner</span><!--/$--><!--/$--></main><footer>f</footer>' +
  '<script>self.__next_f.push([1,"x"])</script>' +
  '<div hidden id="S:0"><ul><li><div class="a"><div>deep</div></div></li></ul></div><script>' +
  RUNTIME +
  '$RC("B:0","S:0")</script>' +
  '<div hidden id="S:1"><section><style>div::after{content:"</div>"}</style><script type="application/ld+json">{"x":"<div>"}</script>' +
  '<!--$?--><template id="B:2"></template><!--/$--></section></div><script>$RC("B:1","S:1")</script>' +
  '<div hidden id="S:2"><b>nested</b></div><script>$RC("B:2","S:2")</script></body>';

// What React's own script leaves once it has moved them: the same nodes, the boundaries complete.
const INLINED =
  '<body><nav><!--$--><ul><li><div class="a"><div>deep</div></div></li></ul><!--/$--></nav>' +
  '<main><!--$--><section><style>div::after{content:"</div>"}</style><script type="application/ld+json">{"x":"<div>"}</script>' +
  "<!--$--><b>nested</b><!--/$--></section><!--/$--></main><footer>f</footer>" +
  '<script>self.__next_f.push([1,"x"])</script>' +
  `<script>${RUNTIME}</script></body>`;

function streamed(html: string, size: number): string {
  const inliner = boundaryInliner();
  let out = "";
  for (let i = 0; i < html.length; i += size) out += inliner.push(html.slice(i, i + size));
  return out + inliner.end();
}

describe("inlineBoundaries", () => {
  it("moves each segment into its place, drops its fallback, its hidden holder and its call, and keeps React's runtime", () => {
    expect(inlineBoundaries(OUTLINED)).toBe(INLINED);
  });

  it("answers the same however the answer is cut into chunks", () => {
    for (let size = 1; size <= 48; size += 1) expect(streamed(OUTLINED, size)).toBe(INLINED);
  });

  it("leaves a page without outlined boundaries as it is", () => {
    const page = '<body><!--$--><p>inline</p><!--/$--><script>self.__next_f.push([1,"$RC"])</script></body>';
    expect(inlineBoundaries(page)).toBe(page);
    expect(streamed(page, 5)).toBe(page);
  });

  it("leaves to React a boundary whose segment has not come, one that failed, and a segment that is not a <div> (in a table)", () => {
    const late = '<body><!--$?--><template id="B:0"></template><p>Loading…</p><!--/$--><footer>f</footer></body>';
    expect(inlineBoundaries(late)).toBe(late);
    const failed = '<body><!--$?--><template id="B:0"></template><!--/$--><script>$RX("B:0","digest")</script></body>';
    expect(inlineBoundaries(failed)).toBe(failed);
    const table = '<table><tbody><!--$?--><template id="B:0"></template><!--/$--></tbody></table><table hidden id="S:0"><tr><td>x</td></tr></table><script>$RC("B:0","S:0")</script>';
    expect(inlineBoundaries(table)).toBe(table);
  });

  it("holds back what follows an empty place, and lets it go as it is when released (the segment is late)", () => {
    const inliner = boundaryInliner();
    const shell = '<body><p>top</p><!--$?--><template id="B:0"></template><!--/$--><footer>f</footer>';
    expect(inliner.push(shell)).toBe("<body><p>top</p>");
    expect(inliner.holding).toBe(true);
    expect(inliner.release()).toBe('<!--$?--><template id="B:0"></template><!--/$--><footer>f</footer>');
    expect(inliner.holding).toBe(false);
    // Its place has gone out: the segment and its call pass as React wrote them.
    const segment = '<div hidden id="S:0"><p>late</p></div><script>$RB=[];$RC("B:0","S:0")</script></body>';
    expect(inliner.push(segment) + inliner.end()).toBe(segment);
  });

  it("holds a place cut at the end of a chunk until it is whole", () => {
    const inliner = boundaryInliner();
    expect(inliner.push("<p>a</p><!--$")).toBe("<p>a</p>");
    expect(inliner.push('?--><template id="B:')).toBe("");
    expect(inliner.push('0"></template><!--/$-->')).toBe("");
    expect(inliner.push('<div hidden id="S:0"><i>b</i></div><script>$RC("B:0","S:0")</script>')).toBe("<!--$--><i>b</i><!--/$-->");
  });
});
