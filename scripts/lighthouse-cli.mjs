// Lighthouse's CLI with Debian's Chromium, run in its two halves: `gather` loads the page unthrottled
// and saves what it saw (-G), `simulate` judges the phone from that saved load (-A) at a CPU slowdown
// chosen afterwards. With simulated throttling the slowdown enters only the second half, so one load
// can be judged at several (npm run lighthouse, ADR 037 amendment 4; npm run lighthouse:stress, ADR 055).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromiumArgs } from "./chromium-flags.mjs";
import { root } from "./ensure-build.mjs";

export const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

function runLighthouse(url, categories, extra) {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules", "lighthouse", "cli", "index.js"),
      url,
      "--quiet",
      `--only-categories=${categories.join(",")}`,
      `--chrome-flags=${chromiumArgs.join(" ")}`,
      ...extra,
    ],
    { cwd: root, encoding: "utf8", env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}:\n${result.stderr}`);
}

/** Loads `url` once into `dir` (artifacts.json, trace.json) and answers the saved artifacts. */
export function gather(url, dir, categories) {
  runLighthouse(url, categories, [`-G=${dir}`]);
  const artifactsFile = path.join(dir, "artifacts.json");
  if (!fs.existsSync(artifactsFile)) throw new Error(`lighthouse saved nothing for ${url}`);
  return JSON.parse(fs.readFileSync(artifactsFile, "utf8"));
}

/** The report for the load saved in `dir` (its `artifacts`, as gather answered them) at `cpuSlowdown`. */
export function simulate(url, dir, artifacts, cpuSlowdown, categories) {
  // Lighthouse audits only with the settings it gathered with; in simulated throttling the gathering
  // never used the CPU slowdown, so the saved setting is brought in line with the one audited.
  artifacts.settings.throttling.cpuSlowdownMultiplier = cpuSlowdown;
  fs.writeFileSync(path.join(dir, "artifacts.json"), JSON.stringify(artifacts));
  const output = path.join(dir, `report-${cpuSlowdown}.json`);
  runLighthouse(url, categories, [`-A=${dir}`, `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`, "--output=json", `--output-path=${output}`]);
  if (!fs.existsSync(output)) throw new Error(`lighthouse wrote no report for ${url}`);
  return JSON.parse(fs.readFileSync(output, "utf8"));
}
