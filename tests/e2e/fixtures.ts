// The `test` every spec file uses: Playwright's, with pages that wait for React after each full page
// load. The shop loads Next's scripts after the first paint (ADR 041), so a page's `load` event no
// longer means it is hydrated; a person cannot click within those few hundred milliseconds, a test
// can, and a click before hydration is lost (or submits a form natively). goto, reload, goBack,
// goForward and waitForURL therefore return once React has taken the page over. Pages opened from
// `browser.newPage()`, `browser.newContext()` and `context.newPage()` get the same.
import { test as base, type Browser, type BrowserContext, type Page } from "@playwright/test";

export { expect } from "@playwright/test";
export type { Browser, BrowserContext, Locator, Page, Response } from "@playwright/test";

/**
 * Resolves once React has hydrated the document: <body> carries React's fiber. A document that is not
 * one of the shop's pages (JSON, a sign-in provider's form) has no Next payload and passes at once.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => !("__next_f" in window) || Object.keys(document.body ?? {}).some((key) => key.startsWith("__reactFiber$")));
}

const hydrating = new WeakSet<Page>();

function waitsForHydration(page: Page): Page {
  if (hydrating.has(page)) return page;
  hydrating.add(page);
  /** The navigation as Playwright does it, then the wait for React. */
  const thenHydrated =
    <Args extends unknown[], Result>(navigate: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      const result = await navigate(...args);
      await waitForHydration(page);
      return result;
    };
  page.goto = thenHydrated(page.goto.bind(page));
  page.reload = thenHydrated(page.reload.bind(page));
  page.goBack = thenHydrated(page.goBack.bind(page));
  page.goForward = thenHydrated(page.goForward.bind(page));
  page.waitForURL = thenHydrated(page.waitForURL.bind(page));
  return page;
}

function contextWaitsForHydration(context: BrowserContext): BrowserContext {
  const newPage = context.newPage.bind(context);
  context.newPage = async () => waitsForHydration(await newPage());
  return context;
}

export const test = base.extend<object, { browser: Browser }>({
  browser: [
    async ({ browser }, provide) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => contextWaitsForHydration(await newContext(...args));
      const newPage = browser.newPage.bind(browser);
      browser.newPage = async (...args) => waitsForHydration(await newPage(...args));
      await provide(browser);
    },
    { scope: "worker" },
  ],
  page: async ({ page }, provide) => {
    await provide(waitsForHydration(page));
  },
});
