import { expect, test, type Page } from "./fixtures";

/**
 * How the public pages arrive. The server puts React's outlined boundaries in their place (ADR 056):
 * the HTML has no hidden segments left for React's script to move, and nothing on the page moves
 * while it loads, hydrates and reads the cart.
 */

test.describe.configure({ mode: "parallel" });

const PAGES = ["/", "/servicedata", "/products/prd_claw_hammer_16oz", "/login", "/register", "/cart"];

test("the public pages come whole: every boundary in its place, none hidden for React to move", async ({ request }) => {
  for (const path of PAGES) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain("<main");
    expect(html, path).not.toContain('<template id="B:');
    expect(html, path).not.toMatch(/<div hidden id="S:/);
    expect(html, path).not.toMatch(/\$RC\("B:/);
  }
});

/** The layout shifts Chromium reports for the page's load, with what moved. */
async function shiftsWhileLoading(page: Page, url: string): Promise<{ total: number; moved: string[] }> {
  await page.addInitScript(() => {
    const seen: { value: number; moved: string }[] = [];
    (window as unknown as { __shifts: typeof seen }).__shifts = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] })[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map((source) => source.node?.nodeName ?? "?").join(", ");
        seen.push({ value: entry.value, moved });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(url);
  // The cart is read after hydration; the header's parts settle with it.
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  const seen = await page.evaluate(() => (window as unknown as { __shifts: { value: number; moved: string }[] }).__shifts);
  return { total: seen.reduce((sum, shift) => sum + shift.value, 0), moved: seen.map((shift) => `${shift.moved} (${shift.value.toFixed(3)})`) };
}

for (const width of [390, 1280]) {
  test(`nothing on the public pages moves while they load at ${width} px`, async ({ browser, baseURL }) => {
    for (const path of PAGES) {
      const page = await browser.newPage({ viewport: { width, height: 844 } });
      try {
        const { total, moved } = await shiftsWhileLoading(page, `${baseURL}${path}`);
        expect(total, `${path} at ${width} px: ${moved.join("; ")}`).toBeLessThan(0.01);
      } finally {
        await page.close();
      }
    }
  });
}
