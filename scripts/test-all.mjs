// `npm test`: every layer, in order, stopping at the first that fails.
import { spawn, spawnSync } from "node:child_process";

const steps = [
  ["lockfile (in sync with package.json, every platform's packages)", ["npm", "run", "lockfile:check"]],
  ["production dependencies: no high or critical advisory (NOT CHECKED when the registry refuses)", ["npm", "run", "audit"]],
  // Side by side (each mostly one core); each one's output is printed whole when it ends.
  [
    ["typecheck", ["npm", "run", "typecheck"]],
    ["lint", ["npm", "run", "lint"]],
  ],
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

const secondsSince = (started) => ((Date.now() - started) / 1000).toFixed(1);

/** Prints a layer's outcome; the run stops at the first layer that failed. */
function report({ name, status, seconds }) {
  if (status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds} s`);
    process.exit(status ?? 1);
  }
  console.log(`✓ ${name} (${seconds} s)`);
}

/** Runs a step with its output buffered, so two steps side by side do not interleave their lines. */
function runBuffered(name, [command, ...args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (status) => resolve({ name, status, output: Buffer.concat(output).toString(), seconds: secondsSince(started) }));
  });
}

for (const step of steps) {
  if (Array.isArray(step[0])) {
    console.log(`\n=== ${step.map(([name]) => name).join(" and ")}, side by side ===`);
    const results = await Promise.all(step.map(([name, command]) => runBuffered(name, command)));
    for (const result of results) console.log(`\n--- ${result.name}\n${result.output.trimEnd()}`);
    results.forEach(report);
    continue;
  }
  const [name, [command, ...args]] = step;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: "inherit" });
  report({ name, status, seconds: secondsSince(started) });
}
console.log("\nAll test layers passed.");
