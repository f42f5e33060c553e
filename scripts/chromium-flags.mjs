// Debian Chromium's flags for headless runs on these machines: Playwright (playwright.config.ts) and
// Lighthouse (scripts/lighthouse.mjs) launch it with the same ones.
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
