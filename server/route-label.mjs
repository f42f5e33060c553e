// @ts-check
// The route a request path belongs to ("/api/orders/[id]"), so that logs and metrics group by route
// and ids never become label values. Patterns come from the build's list of app routes.
import fs from "node:fs";
import path from "node:path";

/** @typedef {{ label: string, segments: { kind: "static" | "dynamic" | "catchAll" | "optionalCatchAll", text: string }[] }} Pattern */

/**
 * @param {string} route e.g. "/api/orders/[id]/payment"
 * @returns {Pattern}
 */
function parsePattern(route) {
  const segments = route
    .split("/")
    .filter(Boolean)
    .map((text) => {
      if (/^\[\[\.\.\..+\]\]$/.test(text)) return { kind: /** @type {const} */ ("optionalCatchAll"), text };
      if (/^\[\.\.\..+\]$/.test(text)) return { kind: /** @type {const} */ ("catchAll"), text };
      if (/^\[.+\]$/.test(text)) return { kind: /** @type {const} */ ("dynamic"), text };
      return { kind: /** @type {const} */ ("static"), text };
    });
  return { label: route === "" ? "/" : route, segments };
}

const RANK = { static: 0, dynamic: 1, catchAll: 2, optionalCatchAll: 3 };

/**
 * Next's precedence: at the first differing segment, a static name beats a [param], which beats a
 * [...catchAll].
 * @param {Pattern} a
 * @param {Pattern} b
 */
function comparePatterns(a, b) {
  const length = Math.max(a.segments.length, b.segments.length);
  for (let i = 0; i < length; i += 1) {
    const left = a.segments[i];
    const right = b.segments[i];
    if (!left) return -1;
    if (!right) return 1;
    const difference = RANK[left.kind] - RANK[right.kind];
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * @param {Pattern} pattern
 * @param {string[]} parts
 */
function matches(pattern, parts) {
  for (let i = 0; i < pattern.segments.length; i += 1) {
    const segment = /** @type {Pattern["segments"][number]} */ (pattern.segments[i]);
    if (segment.kind === "catchAll") return parts.length > i;
    if (segment.kind === "optionalCatchAll") return parts.length >= i;
    const part = parts[i];
    if (part === undefined) return false;
    if (segment.kind === "static" && segment.text !== part) return false;
  }
  return parts.length === pattern.segments.length;
}

/**
 * Route patterns of a build: the values of .next/app-path-routes-manifest.json (route groups and
 * /page, /route suffixes already removed by Next).
 * @param {string} distDir
 * @returns {string[]}
 */
export function readBuiltRoutes(distDir) {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(distDir, "app-path-routes-manifest.json"), "utf8"));
    return [...new Set(Object.values(/** @type {Record<string, string>} */ (manifest)))];
  } catch {
    return [];
  }
}

/**
 * Files served from public/, as request paths.
 * @param {string} publicDir
 * @returns {Set<string>}
 */
export function readPublicFiles(publicDir) {
  /** @type {Set<string>} */
  const files = new Set();
  /** @param {string} dir @param {string} prefix */
  const walk = (dir, prefix) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}/${entry.name}`);
      else files.add(`${prefix}/${entry.name}`);
    }
  };
  walk(publicDir, "");
  return files;
}

/**
 * A function from request path to route label. Unknown paths all share the label "unmatched", so a
 * scanner probing random URLs adds one series, not thousands.
 * @param {{ routes: string[], publicFiles?: Set<string> }} input
 * @returns {(pathname: string) => string}
 */
export function createRouteLabeller({ routes, publicFiles = new Set() }) {
  const patterns = routes.map(parsePattern).sort(comparePatterns);
  return (pathname) => {
    if (pathname.startsWith("/_next/static/")) return "/_next/static";
    if (pathname.startsWith("/_next/image")) return "/_next/image";
    if (pathname.startsWith("/_next/")) return "/_next";
    let decoded = pathname;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return "unmatched";
    }
    if (publicFiles.has(decoded)) return "public";
    const parts = decoded.split("/").filter(Boolean);
    for (const pattern of patterns) if (matches(pattern, parts)) return pattern.label;
    return "unmatched";
  };
}

/**
 * Route patterns read from the app directory, for the development server (no build manifest yet).
 * Route groups "(name)", parallel slots "@name" and private "_folders" follow Next's rules.
 * @param {string} appDir
 * @returns {string[]}
 */
export function scanAppRoutes(appDir) {
  /** @type {string[]} */
  const routes = [];
  /** @param {string} dir @param {string[]} segments */
  const walk = (dir, segments) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (entry.name.startsWith("_")) continue;
        const hidden = /^\(.+\)$/.test(entry.name) || entry.name.startsWith("@");
        walk(path.join(dir, entry.name), hidden ? segments : [...segments, entry.name]);
      } else if (/^(page|route)\.(tsx?|jsx?|mdx)$/.test(entry.name)) {
        routes.push(`/${segments.join("/")}`);
      }
    }
  };
  walk(appDir, []);
  return routes;
}
