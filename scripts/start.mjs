// `npm start`: build when there is no build (or the sources are newer than it), then run the
// production server (server/index.mjs) in this process.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const buildId = path.join(root, ".next", "BUILD_ID");
const sourceDirs = ["app", "components", "lib", "models", "public", "drizzle", "server"];
const sourceFiles = ["proxy.ts", "instrumentation.ts", "next.config.mjs", "package.json", "postcss.config.mjs"];

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

function needsBuild() {
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  return [...sourceDirs, ...sourceFiles].some((entry) => newestMtime(path.join(root, entry)) > built);
}

if (process.env.SKIP_BUILD !== "true" && !process.argv.includes("--no-build") && needsBuild()) {
  console.log("Building the shop (first start or sources changed)…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server runs Next in this process (server/index.mjs): client addresses, request logs and
// metrics, graceful shutdown, and the refresh of prerendered pages once it listens.
const { startShop } = await import("../server/index.mjs");
await startShop({ dir: root });
