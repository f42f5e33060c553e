// `npm test`: every layer, in order, stopping at the first that fails.
import { spawnSync } from "node:child_process";

const steps = [
  ["lockfile (in sync with package.json, every platform's packages)", ["npm", "run", "lockfile:check"]],
  ["production dependencies: no high or critical advisory (NOT CHECKED when the registry refuses)", ["npm", "run", "audit"]],
  ["typecheck", ["npm", "run", "typecheck"]],
  ["lint", ["npm", "run", "lint"]],
  // Lighthouse right after the build, on a machine not yet worn by the other layers: at the end of a
  // 19-minute run the same build lost 10-15 points of total blocking time (ADR 037, amendment 3).
  ["production build (Lighthouse, the end-to-end run and the server tests use it)", ["npm", "run", "build"]],
  ["Lighthouse mobile (the build: /, /servicedata, a product page, /login; accessibility, best practices, SEO 100; performance 95; a page under budget counts the median of five runs)", ["npm", "run", "lighthouse", "--", "--ci"]],
  ["jest on PGlite", ["npm", "run", "test:unit"]],
  ["jest on PostgreSQL", ["npm", "run", "test:pg"]],
  ["end-to-end (Playwright, production build)", ["npm", "run", "test:e2e"]],
  ["server processes (the build e2e made: two instances on PostgreSQL, shutdown, logs)", ["npm", "run", "test:server"]],
  ["topology (nginx with deploy/nginx in front of two instances on PostgreSQL)", ["npm", "run", "test:topology"]],
  ["bench:scale smoke (the same build, a tiny bulk-loaded shop, every page and API path answers 2xx under 300 KB)", ["npm", "run", "bench:scale", "--", "--smoke"]],
];

for (const [name, [command, ...args]] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit" });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds} s)`);
}
console.log("\nAll test layers passed.");
