// `npm run lockfile`: brings package-lock.json in line with package.json, with every platform's
// optional native packages recorded, then checks it. `npm run lockfile:check` (CI) only checks:
// it fails when the lockfile has drifted from package.json or lacks a platform's package.
// `node scripts/lockfile.mjs --fresh-clone` (CI) installs the committed tree into an empty directory
// with `npm ci`, as a fresh clone would, and loads each native package built for this machine.
// `node scripts/lockfile.mjs --native` (CI, which runs on a fresh clone already) only loads them.
//
// Why a lockfile ends up without macOS or Windows entries (ADR 022): npm records every optional
// dependency whatever the machine, but when the registry has no manifest for the exact version a
// package asks for (`@swc/core@1.16.22` wants `@swc/core-darwin-arm64@1.16.22`), it drops that
// optional dependency silently. `npm ci` then refuses the lockfile ("Missing: … from lock file") on
// every machine. The cure is to pin a release whose platform packages are all published; this script
// names the newest such release for each gap.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const lockPath = path.join(root, "package-lock.json");
const checkOnly = process.argv.includes("--check");
const freshClone = process.argv.includes("--fresh-clone");
const nativeOnly = process.argv.includes("--native");

function npm(args, options = {}) {
  return spawnSync("npm", args, { cwd: root, encoding: "utf8", ...options });
}

function fail(message) {
  console.error(`\n✗ ${message}`);
  process.exit(1);
}

/** npm's os, cpu and libc settings narrow what gets installed; none of them may be set here. */
function refusePlatformFilters() {
  const set = [];
  for (const key of ["os", "cpu", "libc"]) {
    const value = npm(["config", "get", key]).stdout.trim();
    if (value && value !== "null" && value !== "undefined") set.push(`${key}=${value}`);
  }
  if (set.length > 0) {
    fail(`npm's configuration filters platforms (${set.join(", ")}). Remove it (npm config delete <key>, or from .npmrc) and run again.`);
  }
}

/** Lockfile path of the package `name` as Node would find it from the package at `from`. */
function resolveIn(packages, from, name) {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ""}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return null;
    const parent = dir.lastIndexOf("/node_modules/");
    dir = parent < 0 ? "" : dir.slice(0, parent);
  }
}

/** Packages whose optional dependencies (one per platform, for native ones) are not all locked. */
function findGaps() {
  const lock = JSON.parse(fs.readFileSync(lockPath, "utf8"));
  const gaps = [];
  for (const [location, entry] of Object.entries(lock.packages ?? {})) {
    const missing = Object.keys(entry.optionalDependencies ?? {}).filter((dep) => !resolveIn(lock.packages, location, dep));
    if (missing.length > 0) {
      const name = entry.name ?? location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length);
      gaps.push({ name, version: entry.version, missing });
    }
  }
  return gaps;
}

function compareVersions(a, b) {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < 3; i += 1) if (pa[i] !== pb[i]) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

/** The newest release of `name` whose exact-pinned optional dependencies are all on the registry. */
async function newestCompleteRelease(name) {
  const registry = npm(["config", "get", "registry"]).stdout.trim().replace(/\/?$/, "/");
  const packuments = new Map();
  const packument = (pkg) => {
    if (!packuments.has(pkg)) {
      const url = registry + pkg.replace("/", "%2f");
      const request = fetch(url, { headers: { accept: "application/vnd.npm.install-v1+json" } }).then((r) => (r.ok ? r.json() : null));
      packuments.set(pkg, request);
    }
    return packuments.get(pkg);
  };
  const main = await packument(name);
  if (!main) return null;
  const releases = Object.keys(main.versions).filter((v) => /^\d+\.\d+\.\d+$/.test(v)).sort(compareVersions).reverse().slice(0, 40);
  for (const version of releases) {
    const optional = Object.entries(main.versions[version].optionalDependencies ?? {}).filter(([, want]) => /^\d+\.\d+\.\d+$/.test(want));
    const present = await Promise.all(optional.map(async ([dep, want]) => Boolean((await packument(dep))?.versions?.[want])));
    if (present.every(Boolean)) return version;
  }
  return null;
}

async function reportGaps(gaps) {
  console.error("These packages' platform builds are missing from package-lock.json:");
  for (const gap of gaps) {
    console.error(`  ${gap.name}@${gap.version}: ${gap.missing.join(", ")}`);
  }
  if (checkOnly) fail("The lockfile is incomplete: `npm ci` refuses it. Run `npm run lockfile` and commit the result.");
  console.error("\nThe registry has no build of these versions for some platforms. Newest releases with every build:");
  for (const gap of gaps) {
    const version = await newestCompleteRelease(gap.name).catch(() => null);
    console.error(`  ${gap.name}: ${version ?? "none found among the last 40 releases"}`);
  }
  fail("Pin those versions in package.json (or under \"overrides\" for an indirect dependency) and run `npm run lockfile` again.");
}

// Each of these loads the native binary npm picked for this platform; a missing one throws.
const NATIVE_SMOKE_TEST = `
const swc = require("@swc/core");
swc.transformSync("const a: number = 1", { jsc: { parser: { syntax: "typescript" } } });
require("sharp");
require("lightningcss");
require("@tailwindcss/oxide");
require("next/dist/build/swc/index.js").loadBindings().then((b) => {
  if (b.isWasm) throw new Error("next fell back to its WASM compiler: no native build installed");
  console.log("native packages load: @swc/core, sharp, lightningcss, @tailwindcss/oxide, next's swc");
});
`;

/** An error message, or null when a fresh clone installs with `npm ci` and its native packages load. */
function installFreshClone(dir) {
  console.log(`--- the committed tree (git HEAD) into ${dir}`);
  const archive = spawnSync("sh", ["-c", `git -C "${root}" archive --format=tar HEAD | tar -x -C "${dir}"`], { stdio: "inherit" });
  if (archive.status !== 0) return "git archive HEAD failed.";
  console.log("--- npm ci");
  const started = Date.now();
  const ci = spawnSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit" });
  if (ci.status !== 0) return "`npm ci` failed on a fresh clone.";
  console.log(`npm ci took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const smoke = spawnSync(process.execPath, ["-e", NATIVE_SMOKE_TEST], { cwd: dir, stdio: "inherit" });
  if (smoke.status !== 0) return "A native package did not load after `npm ci`.";
  return null;
}

refusePlatformFilters();

if (nativeOnly) {
  const smoke = spawnSync(process.execPath, ["-e", NATIVE_SMOKE_TEST], { cwd: root, stdio: "inherit" });
  if (smoke.status !== 0) fail("A native package did not load after `npm ci`.");
  process.exit(0);
}

if (freshClone) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolforge-fresh-clone-"));
  const problem = installFreshClone(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  if (problem) fail(problem);
  process.exit(0);
}

if (!checkOnly) {
  console.log("--- npm install --package-lock-only");
  // --omit-lockfile-registry-resolved: the lockfile names versions and hashes, not one registry's URLs,
  // so it reads the same whichever registry or mirror the machine that regenerates it uses.
  const result = npm(["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund", "--omit-lockfile-registry-resolved"], {
    stdio: "inherit",
  });
  if (result.status !== 0) fail("npm could not bring the lockfile up to date (see above).");
}

console.log("--- every platform's optional packages are locked");
const gaps = findGaps();
if (gaps.length > 0) await reportGaps(gaps);
console.log("ok");

console.log("--- package.json and package-lock.json agree (npm ci --dry-run)");
const dryRun = npm(["ci", "--dry-run", "--ignore-scripts", "--no-audit", "--no-fund"]);
if (dryRun.status !== 0) {
  process.stderr.write(dryRun.stderr);
  fail("package-lock.json has drifted from package.json: run `npm run lockfile` and commit package-lock.json.");
}
console.log("ok");
