// `npm run lighthouse`: Lighthouse (mobile) on the built shop's public pages, with Debian's Chromium.
// Builds when the build is missing or stale (scripts/ensure-build.mjs), starts the shop on a fresh
// PGlite data directory, audits /, /servicedata, a product page and /login one after the other,
// writes the scores into docs/benchmarks.md and exits 1 when a page scores under the budget:
// performance 95, accessibility, best practices and SEO 100 (issue 15, ADR 037).
//
// `--ci` (npm test): the build as it is (npm test builds it just before, ADR 037 amendment 3), never a rebuild.
// Each audit waits (30 s at most) until the machine's CPUs are quiet, and every line names the
// host's Lighthouse benchmark index, what a page fault costs it and its load, so a score can be read against the machine it came from.
// Every category gates, in CI too (ADR 037, second amendment): a page under budget is audited five
// times and the median run counts. The mobile CPU slowdown is calibrated to the host's speed as each
// run measured it (cpuSlowdownFor; ADR 037, amendment 4).
//
// Env: LIGHTHOUSE_PORT (3200), CHROME_PATH (/usr/bin/chromium).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromiumArgs } from "./chromium-flags.mjs";
import { ensureBuild, root } from "./ensure-build.mjs";
import { chromePath, gather, simulate } from "./lighthouse-cli.mjs";
import { nodeArgs } from "../server/heap.mjs";

const port = Number(process.env.LIGHTHOUSE_PORT ?? 3200);
const origin = `http://localhost:${port}`;
const budget = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const categories = Object.keys(budget);
const benchmarks = path.join(root, "docs", "benchmarks.md");
const START = "<!-- lighthouse:start -->";
const END = "<!-- lighthouse:end -->";

const ciRun = process.argv.includes("--ci");
const started = Date.now();
if (!ciRun) ensureBuild();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolforge-lighthouse-"));
const server = spawn(process.execPath, [...nodeArgs(), path.join(root, "scripts", "start.mjs"), "--no-build"], {
  cwd: root,
  detached: true,
  stdio: ["ignore", "ignore", "pipe"],
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), APP_URL: origin, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
});
let serverErrors = "";
server.stderr.on("data", (chunk) => {
  serverErrors = (serverErrors + chunk).slice(-4000);
});

function stop() {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // Already gone.
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.on("SIGINT", () => {
  stop();
  process.exit(130);
});

async function waitForHealth() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the shop did not answer /api/health within 120 s:\n${serverErrors}`);
}

/** Busy share of all CPUs over `ms`, from /proc/stat (null where there is none). */
async function cpuBusy(ms) {
  const read = () => {
    try {
      const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
      const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
      return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
    } catch {
      return null;
    }
  };
  const before = read();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = read();
  if (!before || !after || after.total === before.total) return null;
  return 1 - (after.idle - before.idle) / (after.total - before.total);
}

/**
 * Total blocking time is the main thread's time × 4 (Lighthouse's mobile CPU slowdown), so work left
 * by something else on the machine (a finished test's database still vacuuming, say) is charged to
 * the page. Waits until the CPUs are at most 20 % busy over a second, 30 s at most, and answers the
 * machine as the run starts: that last reading and the load average.
 */
async function quietCpu() {
  const deadline = Date.now() + 30_000;
  let busy = await cpuBusy(1000);
  while (busy !== null && busy > 0.2 && Date.now() < deadline) busy = await cpuBusy(1000);
  return { busy, load: os.loadavg()[0], faultMicros: pageFaultMicros() };
}

/**
 * What one page fault costs this host, in microseconds: 64 MB of fresh memory written a byte per 4 KB
 * page, timed and divided by the faults the kernel counted. Lighthouse's benchmark index is a
 * JavaScript loop and does not see it, but a new renderer faults in every page it lays out and runs
 * scripts in (about 15,000 while `/` loads), so on a host where a fault costs 12-16 µs (measured
 * 2026-11-27) the same build lost 15-20 points (ADR 037, amendment 5). Printed, not used.
 */
function pageFaultMicros() {
  const before = process.resourceUsage().minorPageFault;
  const started = process.hrtime.bigint();
  const bytes = 64 * 1024 * 1024;
  const view = new Uint8Array(new ArrayBuffer(bytes));
  for (let offset = 0; offset < bytes; offset += 4096) view[offset] = 1;
  const faults = process.resourceUsage().minorPageFault - before;
  return faults > 0 ? Number(process.hrtime.bigint() - started) / 1000 / faults : null;
}

/**
 * Runs the Lighthouse CLI on one URL and returns its JSON report. Lighthouse sometimes loses its own
 * trace ("NO_NAVSTART", "NO_FCP" on a busy machine): such a run is tried again, three times at most
 * (measured 2026-11-26: about one /login run in four lost its trace).
 */
async function audit(url) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url);
    } catch (error) {
      if (attempt === 4) throw error;
      console.log(`${url}: Lighthouse could not record the page (attempt ${attempt}), trying again`);
    }
  }
}

/**
 * Lighthouse's mobile CPU slowdown (4×) is set for a high-end desktop host, benchmark index 1500–2000
 * (docs/throttling.md, "Calibrating the CPU slowdown"), so that the page is judged on a mid-tier phone.
 * This machine's index moves between about 1,000 and 3,000 from hour to hour, so 4× on its slow hours
 * judged the page on a phone two or three times slower, and the same build scored 87–100 (ADR 037,
 * amendment 4). Each run is therefore slowed by 4× for a host of index 1500 or more, and in proportion
 * below: 4 × index / 1500 (never under 2×, Lighthouse's own figure for a low-end desktop). A fast host
 * is never judged more gently than by Lighthouse's default.
 */
const REFERENCE_BENCHMARK_INDEX = 1500;
function cpuSlowdownFor(benchmarkIndex) {
  const scaled = (4 * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  return Math.round(Math.min(4, Math.max(2, scaled)) * 10) / 10;
}

/**
 * One run in Lighthouse's two halves: it loads the page unthrottled and saves what it saw (-G), then
 * simulates the phone from that (-A). The CPU slowdown only enters the second half (simulated
 * throttling), so it is chosen from the benchmark index this very run measured before loading the page.
 */
async function auditOnce(url) {
  const host = await quietCpu();
  const run = fs.mkdtempSync(path.join(dataDir, "run-"));
  const artifacts = gather(url, run, categories);
  const cpuSlowdown = cpuSlowdownFor(artifacts.BenchmarkIndex ?? REFERENCE_BENCHMARK_INDEX);
  const report = simulate(url, run, artifacts, cpuSlowdown, categories);
  fs.rmSync(run, { recursive: true, force: true });
  report.hostBefore = host;
  return report;
}

/** The page-fault cost measured just before the report's run, to one decimal (null where none was counted). */
function faultMicrosText(report) {
  const { faultMicros } = report.hostBefore;
  return typeof faultMicros === "number" ? faultMicros.toFixed(1) : null;
}

/** The machine a report was measured on: Lighthouse's CPU benchmark (its own "slow host" line is 1000), and how busy the CPUs were and the load average as the run started. */
function hostLine(report) {
  const { busy, load } = report.hostBefore;
  const busyText = typeof busy === "number" ? `${Math.round(busy * 100)} %` : "unknown";
  const fault = faultMicrosText(report);
  const faultText = fault === null ? "" : `${fault} µs a page fault, `;
  return `benchmark index ${Math.round(report.environment?.benchmarkIndex ?? 0)} (CPU slowdown ${report.configSettings.throttling.cpuSlowdownMultiplier}×), ${faultText}CPUs busy ${busyText} and load average ${load.toFixed(1)} before the run, TBT ${Math.round(report.audits["total-blocking-time"].numericValue)} ms`;
}

/** The audits that cost a category points, for the report under the table. */
function lostPoints(report, category) {
  return report.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => report.audits[ref.id])
    .filter((item) => item && item.score !== null && item.score < 1)
    .map((item) => `${item.id} (${Math.round(item.score * 100)})`);
}

function writeBenchmarks(rows, seconds) {
  const table = [
    START,
    `Lighthouse ${rows[0]?.version ?? ""}, mobile emulation, Debian Chromium (\`npm run lighthouse\`, ${new Date().toISOString().slice(0, 10)}, ${seconds} s for the run, ` +
      `${os.cpus().length} CPUs at load average ${os.loadavg()[0].toFixed(1)}: total blocking time grows with the load).`,
    "Budget: performance ≥ 95; accessibility, best practices and SEO 100.",
    "",
    "The host's benchmark index, the CPU slowdown it gave (4× at 1500 and above; ADR 037, amendment 4) and what one page fault cost the host (amendment 5) are those of the run that counts.",
    "",
    "| page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS | benchmark index | CPU slowdown | page fault µs |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (row) =>
        `| \`${row.page}\` | ${row.scores.performance} | ${row.scores.accessibility} | ${row.scores["best-practices"]} | ${row.scores.seo} | ${row.lcp} | ${row.tbt} | ${row.cls} | ${row.benchmarkIndex} | ${row.cpuSlowdown}× | ${row.faultMicros} |`,
    ),
    END,
  ].join("\n");
  const current = fs.existsSync(benchmarks) ? fs.readFileSync(benchmarks, "utf8") : "# Benchmarks\n";
  const next = current.includes(START)
    ? current.replace(new RegExp(`${START}[\\s\\S]*?${END}`), table)
    : `${current.trimEnd()}\n\n## Lighthouse (mobile)\n\n${table}\n`;
  fs.writeFileSync(benchmarks, next);
}

/**
 * Starts Chromium once on its own before Lighthouse does. When Chromium cannot start, Lighthouse only
 * says it could not reach the browser ("Failed to fetch browser webSocket URL ... fetch failed", stop 27's
 * CI, four times); Chromium's own words on stderr say why.
 */
function checkChromium() {
  const result = spawnSync(chromePath, [...chromiumArgs, "--dump-dom", "about:blank"], { encoding: "utf8", timeout: 60_000 });
  if (result.status === 0 && result.stdout.includes("<html")) return;
  const why = result.error ? result.error.message : `exit ${result.status ?? result.signal}`;
  throw new Error(`Chromium (${chromePath}) could not open a blank page (${why}):\n${(result.stderr ?? "").slice(-4000)}`);
}

let failed = false;
try {
  checkChromium();
  await waitForHealth();
  const list = await (await fetch(`${origin}/api/products?pageSize=1`)).json();
  const productId = list.items?.[0]?.id;
  if (!productId) throw new Error("the catalog is empty: no product page to audit");
  const pages = ["/", "/servicedata", `/products/${encodeURIComponent(productId)}`, "/login"];
  // Render and cache each page once (ISR), so the audit measures what visitors get.
  for (const page of pages) for (let i = 0; i < 2; i += 1) await (await fetch(`${origin}${page}`)).arrayBuffer();

  const rows = [];
  for (const page of pages) {
    // One run when it meets the budget; otherwise five, and the median run counts (Lighthouse's own
    // advice for a noisy machine: https://github.com/GoogleChrome/lighthouse/blob/main/docs/variability.md).
    const runs = [await audit(`${origin}${page}`)];
    const scoresOf = (run) => Object.fromEntries(categories.map((category) => [category, Math.round(run.categories[category].score * 100)]));
    const rerun = categories.some((category) => scoresOf(runs[0])[category] < budget[category]);
    if (rerun) for (let i = 0; i < 4; i += 1) runs.push(await audit(`${origin}${page}`));
    runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const report = runs[Math.floor(runs.length / 2)];
    const scores = scoresOf(report);
    const runScores = runs.map((run) => Math.round(run.categories.performance.score * 100)).join(", ");
    if (runs.length > 1) console.log(`${page}: performance of five runs ${runScores}; the median counts`);
    console.log(`${page}: host ${hostLine(report)}`);
    const misses = categories.filter((category) => scores[category] < budget[category]);
    rows.push({
      page: page.startsWith("/products/") ? "/products/{id}" : page,
      version: report.lighthouseVersion,
      scores,
      lcp: Math.round(report.audits["largest-contentful-paint"].numericValue),
      tbt: Math.round(report.audits["total-blocking-time"].numericValue),
      cls: report.audits["cumulative-layout-shift"].numericValue.toFixed(3),
      benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? 0),
      cpuSlowdown: report.configSettings.throttling.cpuSlowdownMultiplier,
      faultMicros: faultMicrosText(report) ?? "?",
      runScores,
    });
    console.log(`${page}: ${categories.map((category) => `${category} ${scores[category]}`).join(", ")}`);
    for (const category of misses) {
      failed = true;
      console.log(`  ✗ ${category} ${scores[category]} < ${budget[category]}: ${lostPoints(report, category).join(", ")}`);
    }
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  // One line a page at the end, so the tail of a CI log says which page missed and on what host.
  console.log("\nSummary (performance of the run that counts, and of every run):");
  for (const row of rows) {
    console.log(`  ${row.page}: ${categories.map((category) => `${category} ${row.scores[category]}`).join(", ")}; runs ${row.runScores}; TBT ${row.tbt} ms, LCP ${row.lcp} ms; index ${row.benchmarkIndex}, slowdown ${row.cpuSlowdown}×, page fault ${row.faultMicros} µs`);
  }
  writeBenchmarks(rows, seconds);
  console.log(`\nScores written to docs/benchmarks.md (${seconds} s).`);
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  stop();
}
process.exit(failed ? 1 : 0);
