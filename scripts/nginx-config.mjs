// The project's nginx configuration (deploy/nginx), rendered and run as a plain process: used by
// `npm run test:topology` and `npm run bench`. docker-compose.yml renders the same template with
// the official nginx image's entrypoint instead.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const NGINX_DIR = path.join(ROOT, "deploy", "nginx");
const TEMPLATE = path.join(NGINX_DIR, "templates", "toolforge.conf.template");

/**
 * Replaces ${TOOLFORGE_*} names (only those, like NGINX_ENVSUBST_FILTER=TOOLFORGE_ in compose);
 * a name without a value is an error rather than an empty string in the configuration.
 * @param {string} text @param {Record<string, string>} values
 */
export function renderTemplate(text, values) {
  return text.replace(/\$\{(TOOLFORGE_[A-Z0-9_]+)\}/g, (_, name) => {
    const value = values[name];
    if (value === undefined) throw new Error(`nginx template: ${name} has no value`);
    return value;
  });
}

/** The nginx binary, or null when it is not installed. */
export function findNginx() {
  for (const candidate of [process.env.NGINX_BIN, "/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx"]) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  const which = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

/** Fails with the way to install it when nginx is missing (nothing is installed here). */
export function requireNginx() {
  const found = findNginx();
  if (!found) {
    throw new Error("nginx is not installed: on Debian or Ubuntu run `apt-get install -y nginx-light` (or `nginx`), or set NGINX_BIN.");
  }
  return found;
}

/**
 * Writes a main configuration under `prefix` (pid, logs, temp and cache paths all inside it, so no
 * system service or root directory is involved) around the project's template.
 * `accessLog`: true writes the shop's access log (its format, deploy/nginx) to logs/access.log; off by
 * default, so that a benchmark measures the proxy rather than its log.
 * @param {{ prefix: string, listen: string, upstreams: string[], workers?: number, accessLog?: boolean }} options
 */
export function writeNginxConfig({ prefix, listen, upstreams, workers = 1, accessLog = false }) {
  for (const dir of ["conf.d", "temp", "cache", "logs"]) fs.mkdirSync(path.join(prefix, dir), { recursive: true });
  // Started as root, nginx's workers run as nobody: they must be able to write the cache and temp files.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    fs.chmodSync(prefix, 0o755);
    for (const dir of ["temp", "cache"]) fs.chownSync(path.join(prefix, dir), 65534, 65534);
  }
  const site = renderTemplate(fs.readFileSync(TEMPLATE, "utf8"), {
    TOOLFORGE_UPSTREAM_SERVERS: upstreams.map((address) => `server ${address} max_fails=3 fail_timeout=2s;`).join("\n    "),
    TOOLFORGE_LISTEN: listen,
    TOOLFORGE_NGINX_DIR: NGINX_DIR,
    TOOLFORGE_CACHE_DIR: path.join(prefix, "cache"),
    TOOLFORGE_ACCESS_LOG: accessLog ? `${path.join(prefix, "logs", "access.log")} toolforge` : "off",
  });
  fs.writeFileSync(path.join(prefix, "conf.d", "toolforge.conf"), site);
  const mimeTypes = fs.existsSync("/etc/nginx/mime.types") ? "include /etc/nginx/mime.types;" : "";
  const main = `${asRoot ? "user nobody nogroup;\n" : ""}worker_processes ${workers};
pid ${path.join(prefix, "nginx.pid")};
error_log ${path.join(prefix, "logs", "error.log")} warn;
events { worker_connections 4096; }
http {
    ${mimeTypes}
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    keepalive_timeout 65;
    client_body_temp_path ${path.join(prefix, "temp", "body")};
    proxy_temp_path ${path.join(prefix, "temp", "proxy")};
    fastcgi_temp_path ${path.join(prefix, "temp", "fastcgi")};
    uwsgi_temp_path ${path.join(prefix, "temp", "uwsgi")};
    scgi_temp_path ${path.join(prefix, "temp", "scgi")};
    include ${path.join(prefix, "conf.d", "*.conf")};
}
`;
  const file = path.join(prefix, "nginx.conf");
  fs.writeFileSync(file, main);
  return file;
}

/**
 * Checks the configuration, then runs nginx in the foreground as a child process.
 * @param {{ prefix: string, listen: string, upstreams: string[], workers?: number, accessLog?: boolean }} options
 */
export function startNginx(options) {
  const bin = requireNginx();
  const conf = writeNginxConfig(options);
  const args = ["-p", options.prefix, "-c", conf, "-e", path.join(options.prefix, "logs", "error.log")];
  const test = spawnSync(bin, [...args, "-t", "-q"], { encoding: "utf8" });
  if (test.status !== 0) throw new Error(`nginx refused the configuration:\n${test.stderr}`);
  const child = spawn(bin, [...args, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return { child, exited, stderr: () => stderr, errorLog: () => fs.readFileSync(path.join(options.prefix, "logs", "error.log"), "utf8") };
}
