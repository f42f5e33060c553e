// Builds the production app when there is no build or the sources are newer than it.
// Used by `npm start` (scripts/start.mjs) and by the server process tests (tests/server/processes.mjs).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { addCompileHints } from "./compile-hints.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildId = path.join(root, ".next", "BUILD_ID");
const sourceDirs = ["app", "components", "lib", "models", "public", "drizzle", "server"];
const sourceFiles = ["proxy.ts", "instrumentation.ts", "instrumentation-client.ts", "next.config.mjs", "package.json", "postcss.config.mjs"];

function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function needsBuild() {
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  return [...sourceDirs, ...sourceFiles].some((entry) => newestMtime(path.join(root, entry)) > built);
}

/** Exits the process with the build's status when the build fails. */
export function ensureBuild() {
  if (!needsBuild()) return;
  console.log("Building the shop (first start or sources changed)…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  addCompileHints(root);
}
