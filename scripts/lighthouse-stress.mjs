// `npm run lighthouse:stress -- <origin> [page ...]`: how a page's main-thread work would score on a
// slower host, measured on this one (ADR 055). Not a gate and not part of `npm test`.
//
// Each run loads the page once with Lighthouse (`-G`: unthrottled, saved) and simulates the phone from
// that one load at every CPU slowdown asked for (`-A`), so the slowdowns differ only in the multiplier.
// On a fast host (benchmark index about 4,000, a page fault 1.5 µs) 16× scores what the slow hosts of
// ADR 037's amendments 5-7 scored at 4×. Single runs still spread by ten points, so each run also
// prints what the trace itself says: the page's main-thread time and the blocking time its observed
// tasks after the first paint would have at the highest slowdown. Compare builds by those, loaded in
// turn (start the other build on another port), never by one score.
//
// Needs a running shop, e.g. `PORT=3200 APP_URL=http://localhost:3200 DATA_DIR=/tmp/stress NODE_ENV=production
// node scripts/start.mjs --no-build`.
// Env: RUNS (3), SLOWDOWNS ("4,16"), CHROME_PATH (/usr/bin/chromium).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gather, simulate } from "./lighthouse-cli.mjs";

const [origin, ...pagesArg] = process.argv.slice(2);
if (!origin || !/^https?:\/\//.test(origin)) {
  console.error("usage: npm run lighthouse:stress -- http://localhost:3200 [/ /servicedata ...]");
  process.exit(2);
}
const pages = pagesArg.length > 0 ? pagesArg : ["/", "/servicedata", "/login"];
const runs = Number(process.env.RUNS ?? 3);
const slowdowns = (process.env.SLOWDOWNS ?? "4,16").split(",").map(Number);
const CATEGORIES = ["performance"];
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolforge-lighthouse-stress-"));

/** The renderer's main thread in a saved trace: its top-level tasks and the first contentful paint. */
function mainThread(traceFile) {
  const trace = JSON.parse(fs.readFileSync(traceFile, "utf8"));
  const events = trace.traceEvents ?? trace;
  const names = new Map();
  for (const event of events) if (event.name === "thread_name") names.set(`${event.pid}:${event.tid}`, event.args.name);
  const counts = new Map();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (names.get(key) === "CrRendererMain") counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const mine = events.filter((event) => `${event.pid}:${event.tid}` === main);
  const tasks = mine.filter((event) => event.ph === "X" && (event.name === "RunTask" || event.name === "ThreadControllerImpl::RunTask"));
  const fcp = mine.find((event) => event.name === "firstContentfulPaint");
  return { tasks, fcpTs: fcp?.ts ?? Infinity };
}

/** One load, simulated at every slowdown; a load Lighthouse could not record is tried again (3 times). */
function stressOnce(url) {
  for (let attempt = 1; ; attempt += 1) {
    const dir = fs.mkdtempSync(path.join(workDir, "run-"));
    try {
      const artifacts = gather(url, dir, CATEGORIES);
      const scores = slowdowns.map((slowdown) => {
        const report = simulate(url, dir, artifacts, slowdown, CATEGORIES);
        return `${slowdown}×: ${Math.round(report.categories.performance.score * 100)} (TBT ${Math.round(report.audits["total-blocking-time"].numericValue)} ms)`;
      });
      const { tasks, fcpTs } = mainThread(path.join(dir, "trace.json"));
      const busyMs = tasks.reduce((sum, task) => sum + task.dur, 0) / 1000;
      const highest = Math.max(...slowdowns);
      const blockingMs = tasks.filter((task) => task.ts >= fcpTs).reduce((sum, task) => sum + Math.max(0, (highest * task.dur) / 1000 - 50), 0);
      return `${scores.join(", ")}; main thread ${Math.round(busyMs)} ms, observed blocking at ${highest}× ${Math.round(blockingMs)} ms`;
    } catch (error) {
      if (attempt === 3) throw error;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

try {
  for (const page of pages) {
    for (let run = 1; run <= runs; run += 1) console.log(`${page} run ${run}: ${stressOnce(`${origin}${page}`)}`);
  }
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}
