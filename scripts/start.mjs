// `npm start`: build when there is no build (or the sources are newer than it), then run the
// production server. After it is up, the pages prerendered at build time are regenerated from the
// real database (see app/api/internal/revalidate).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const buildId = path.join(root, ".next", "BUILD_ID");
const sourceDirs = ["app", "components", "lib", "models", "public", "drizzle"];
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

if (process.env.SKIP_BUILD !== "true" && needsBuild()) {
  console.log("Building the shop (first start or sources changed)…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const port = process.env.PORT ?? "3000";
const token = randomBytes(24).toString("hex");
const server = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", port], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", TOOLFORGE_REVALIDATE_TOKEN: token },
});

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

async function refreshPrerenderedPages() {
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      const health = await fetch(`${base}/api/health`);
      if (health.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  try {
    await fetch(`${base}/api/internal/revalidate`, { method: "POST", headers: { "x-revalidate-token": token } });
    // The first visit after revalidation regenerates in the background; two visits leave fresh pages.
    for (const page of ["/", "/servicedata", "/", "/servicedata"]) await fetch(`${base}${page}`).then((r) => r.arrayBuffer());
    console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", message: "ready", url: `http://localhost:${port}` }));
  } catch (error) {
    console.error(JSON.stringify({ time: new Date().toISOString(), level: "warn", message: "page refresh after start failed", error: String(error) }));
  }
}

void refreshPrerenderedPages();
