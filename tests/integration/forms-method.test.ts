import fs from "node:fs";
import path from "node:path";

/**
 * A form the browser submits before the page's scripts have run (a quick typist on a slow phone, or
 * scripts that failed to load) is sent the native way. Without a method that is a GET to the page's
 * own address: the fields, a password among them, land in the address bar, the history and the logs.
 * Every form therefore says its method: "get" for searches and filters, "post" for everything else.
 */
function* sources(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (entry.name.endsWith(".tsx")) yield full;
  }
}

/** The JSX opening tags of the forms in `source`, up to the `>` outside any `{…}` expression. */
function formTags(source: string): string[] {
  const tags: string[] = [];
  for (const match of source.matchAll(/<form(?=[\s>])/g)) {
    let depth = 0;
    let end = match.index;
    for (; end < source.length; end += 1) {
      const char = source[end];
      if (char === "{") depth += 1;
      else if (char === "}") depth -= 1;
      else if (char === ">" && depth === 0) break;
    }
    tags.push(source.slice(match.index, end + 1));
  }
  return tags;
}

describe("every form says its method", () => {
  it("reads a tag whose attributes hold arrow functions", () => {
    expect(formTags('<form onSubmit={(e) => go(e)} method="post">x</form>')).toEqual(['<form onSubmit={(e) => go(e)} method="post">']);
  });

  it("in components/ and app/", () => {
    const missing: string[] = [];
    let forms = 0;
    for (const root of ["components", "app"]) {
      for (const file of sources(path.join(process.cwd(), root))) {
        for (const tag of formTags(fs.readFileSync(file, "utf8"))) {
          forms += 1;
          if (!/\bmethod="(get|post)"/.test(tag)) missing.push(`${path.relative(process.cwd(), file)}: ${tag.slice(0, 80)}`);
        }
      }
    }
    expect(forms).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
