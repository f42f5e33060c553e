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
  // Shared memory in /tmp, not /dev/shm, which a container may keep small: Playwright adds it on its
  // own; Lighthouse's launcher does not, and Debian's wrapper meant to add it on a small /dev/shm
  // fails on these machines ("[: unexpected operator", it reads two mounts).
  "--disable-dev-shm-usage",
];
