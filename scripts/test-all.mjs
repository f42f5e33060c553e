// `npm test`: every layer, in order. A failed layer does not hide the others: the run goes on and
// exits 1 at the end, naming each layer that failed. Only a failed build stops it at once, as every
// later layer but the jest ones runs on it.
import { spawn } from "node:child_process";

const BUILD = "production build (Lighthouse, the end-to-end run and the server tests use it)";

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
  [BUILD, ["npm", "run", "build"]],
  ["Lighthouse mobile (the build: /, /servicedata, a product page, /login; accessibility, best practices, SEO 100; performance 95; a page under budget counts the median of five runs)", ["npm", "run", "lighthouse", "--", "--ci"]],
  ["jest on PGlite", ["npm", "run", "test:unit"]],
  ["jest on PostgreSQL", ["npm", "run", "test:pg"]],
  ["end-to-end (Playwright, production build)", ["npm", "run", "test:e2e"]],
  ["server processes (the build e2e made: two instances on PostgreSQL, shutdown, logs)", ["npm", "run", "test:server"]],
  ["topology (nginx with deploy/nginx in front of two instances on PostgreSQL)", ["npm", "run", "test:topology"]],
  ["bench:scale smoke (the same build, a tiny bulk-loaded shop, every page and API path answers 2xx under 300 KB)", ["npm", "run", "bench:scale", "--", "--smoke"]],
];

const secondsSince = (started) => ((Date.now() - started) / 1000).toFixed(1);

const failed = [];
/** The last lines each failed layer printed, repeated at the end: CI's log is read from its tail. */
const tails = new Map();
const TAIL_LINES = 24;
const lastLines = (text) => text.replace(/\x1b\[[0-9;]*m/g, "").trimEnd().split("\n").slice(-TAIL_LINES).join("\n");

/** Prints a layer's outcome and keeps the failed ones for the end; a failed build ends the run here. */
function report({ name, status, seconds, output }) {
  if (status !== 0 && output) tails.set(name, lastLines(output));
  if (status === 0) {
    console.log(`✓ ${name} (${seconds} s)`);
    return;
  }
  console.error(`\n✗ ${name} failed after ${seconds} s`);
  failed.push(name);
  if (name === BUILD) finish();
}

function finish() {
  if (failed.length === 0) {
    console.log("\nAll test layers passed.");
    process.exit(0);
  }
  for (const name of failed) if (tails.has(name)) console.error(`\n--- the last lines of "${name}":\n${tails.get(name)}`);
  console.error(`\n${failed.length} test layer${failed.length === 1 ? "" : "s"} failed:\n${failed.map((name) => `✗ ${name}`).join("\n")}`);
  process.exit(1);
}

/**
 * Runs a step and answers its outcome with what it printed. `live`: its output is printed as it comes,
 * and the last 256 KB are kept for the summary. Otherwise it is only kept, whole, so two steps side by
 * side do not interleave their lines (the caller prints it when both have ended).
 */
function runStep(name, [command, ...args], { live }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (stream) => (chunk) => {
      if (live) stream.write(chunk);
      output = live ? (output + chunk).slice(-256 * 1024) : output + chunk;
    };
    for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      from.setEncoding("utf8");
      from.on("data", keep(to));
    }
    child.on("close", (status) => resolve({ name, status: status ?? 1, output, seconds: secondsSince(started) }));
  });
}

for (const step of steps) {
  if (Array.isArray(step[0])) {
    console.log(`\n=== ${step.map(([name]) => name).join(" and ")}, side by side ===`);
    const results = await Promise.all(step.map(([name, command]) => runStep(name, command, { live: false })));
    for (const result of results) console.log(`\n--- ${result.name}\n${result.output.trimEnd()}`);
    results.forEach(report);
    continue;
  }
  const [name, command] = step;
  console.log(`\n=== ${name} ===`);
  report(await runStep(name, command, { live: true }));
}
finish();
