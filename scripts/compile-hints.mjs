// Marks the built client chunks with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome
// 136 and later): the browser then compiles their functions while the file downloads, on a background
// thread, instead of one by one on the main thread as hydration first calls them. Next has no option
// for it, so every build runs this afterwards (npm run build, scripts/ensure-build.mjs, the Dockerfile).
// ADR 049 has the measurements. Idempotent: a marked file is left as it is.
//
// `node scripts/compile-hints.mjs [dir]` marks the chunks of dir/.next (default: the project).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

function* scripts(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* scripts(full);
    else if (entry.name.endsWith(".js")) yield full;
  }
}

/** Prepends the hint to every client chunk of the build in `root`; answers how many files it marked. */
export function addCompileHints(root) {
  let marked = 0;
  for (const file of scripts(path.join(root, ".next", "static", "chunks"))) {
    const source = fs.readFileSync(file, "utf8");
    if (source.startsWith(COMPILE_HINT)) continue;
    fs.writeFileSync(file, COMPILE_HINT + source);
    marked += 1;
  }
  return marked;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const marked = addCompileHints(root);
  console.log(`compile hints: ${marked} client chunks marked`);
}
