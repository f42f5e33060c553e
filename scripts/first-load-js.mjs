// First-load JavaScript of a page: the guide's budget for `/` is 120 KB gzipped (`npm run bench`).
//
// Counted: every chunk under /_next/static/ that the page's HTML names, whether as a script tag, as
// one of the placeholders our server writes for scripts that load after the first paint (ADR 041),
// or in the React payload (the client components' chunks, fetched while the page hydrates). Not
// counted: the polyfills that only browsers without modules load (`noModule`), and chunks fetched
// later on demand (dynamic imports name them without the /_next/ prefix). Each file is gzipped at
// level 6, what Next's compression sends.

import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const CHUNK = /\/_next\/(static\/[A-Za-z0-9_./~-]+?\.js)/g;
const SCRIPT_TAG = /<script\b[^>]*>/gi;

/**
 * The chunk files (relative to the build directory, e.g. "static/chunks/abc.js") a page loads
 * before anyone touches it, in the order the HTML first names them.
 * @param {string} html
 * @returns {string[]}
 */
export function firstLoadChunks(html) {
  const noModule = new Set();
  for (const [tag] of html.matchAll(SCRIPT_TAG)) {
    if (!/\snomodule(=|\s|>|$)/i.test(tag)) continue;
    for (const [, file] of tag.matchAll(CHUNK)) noModule.add(file);
  }
  const files = [];
  for (const [, file] of html.matchAll(CHUNK)) {
    if (!noModule.has(file) && !files.includes(file)) files.push(file);
  }
  return files;
}

/**
 * @param {string} html the page as the server sent it
 * @param {string} buildDir Next's build directory (.next)
 * @returns {{ files: { file: string, bytes: number, gzipBytes: number }[], totalGzipBytes: number, missing: string[] }}
 */
export function measureFirstLoadJs(html, buildDir) {
  const files = [];
  const missing = [];
  for (const file of firstLoadChunks(html)) {
    const fullPath = path.join(buildDir, file);
    if (!fs.existsSync(fullPath)) {
      missing.push(file);
      continue;
    }
    const bytes = fs.readFileSync(fullPath);
    files.push({ file, bytes: bytes.length, gzipBytes: zlib.gzipSync(bytes, { level: 6 }).length });
  }
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0), missing };
}
