// pg_dump and pg_restore for `npm run backup` / `npm run restore` on PostgreSQL. pg_dump refuses a
// server newer than itself, so the newest client on the machine is chosen and checked against the
// server's major version before anything runs.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

/** The server's major version, and whether the database holds any table. */
export async function inspectDatabase(databaseUrl) {
  // Bounded: a host that drops packets would otherwise hold the command for the kernel's connect timeout.
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const version = await client.query("select current_setting('server_version_num')::int as n");
    const tables = await client.query(
      "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return { major: Math.floor(version.rows[0].n / 10_000), tableCount: tables.rows[0].n };
  } finally {
    await client.end();
  }
}

function candidates(tool) {
  if (process.env.PG_BIN_DIR?.trim()) return [path.join(process.env.PG_BIN_DIR.trim(), tool)];
  const found = [];
  // Debian and Ubuntu install every version side by side; Homebrew keeps them under opt/.
  for (const base of ["/usr/lib/postgresql", "/opt/homebrew/opt", "/usr/local/opt"]) {
    let names = [];
    try {
      names = fs.readdirSync(base);
    } catch {
      continue;
    }
    for (const name of names) {
      if (base.endsWith("postgresql") || /^(postgresql(@\d+)?|libpq)$/.test(name)) found.push(path.join(base, name, "bin", tool));
    }
  }
  found.push(tool);
  return found;
}

/** The newest `tool` on this machine whose major version is at least `minMajor`. */
export function findPgTool(tool, minMajor) {
  let best = null;
  for (const candidate of candidates(tool)) {
    const result = spawnSync(candidate, ["--version"], { encoding: "utf8" });
    const major = Number(/(\d+)(?:\.\d+)?/.exec(result.stdout ?? "")?.[1]);
    if (result.status === 0 && Number.isFinite(major) && (!best || major > best.major)) best = { path: candidate, major };
  }
  if (!best) {
    const pgBinDir = process.env.PG_BIN_DIR?.trim();
    throw new Error(
      pgBinDir
        ? `${tool} is not in PG_BIN_DIR (${pgBinDir}): point PG_BIN_DIR at the bin directory that holds ${tool}, or unset it to search the usual places`
        : `${tool} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client) or set PG_BIN_DIR`,
    );
  }
  if (best.major < minMajor) {
    throw new Error(
      `${tool} ${best.major} (${best.path}) is older than the PostgreSQL ${minMajor} server; install the version ${minMajor} client tools or set PG_BIN_DIR to their bin directory`,
    );
  }
  return best;
}

/** The URL without its password, which goes to the tool in PGPASSWORD instead of its command line (ps shows that). */
export function connectionFor(databaseUrl) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { uri: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

export function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} failed (exit ${code}): ${stderr.trim().split("\n").slice(-5).join(" | ")}`));
    });
  });
}
