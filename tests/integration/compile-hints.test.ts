import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { addCompileHints, COMPILE_HINT } from "@/scripts/compile-hints.mjs";

describe("compile hints on the built client chunks (scripts/compile-hints.mjs)", () => {
  it("puts V8's hint first in every chunk, nested ones too, leaves other files alone, and marks a chunk once", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
    try {
      const chunks = path.join(root, ".next", "static", "chunks");
      fs.mkdirSync(path.join(chunks, "app"), { recursive: true });
      fs.writeFileSync(path.join(chunks, "react.js"), "(globalThis.TURBOPACK||[]).push([1]);");
      fs.writeFileSync(path.join(chunks, "app", "page.js"), "console.log(1);");
      fs.writeFileSync(path.join(chunks, "styles.css"), "body{}");

      expect(addCompileHints(root)).toBe(2);
      expect(fs.readFileSync(path.join(chunks, "react.js"), "utf8")).toBe(`${COMPILE_HINT}(globalThis.TURBOPACK||[]).push([1]);`);
      expect(fs.readFileSync(path.join(chunks, "app", "page.js"), "utf8")).toBe(`${COMPILE_HINT}console.log(1);`);
      expect(fs.readFileSync(path.join(chunks, "styles.css"), "utf8")).toBe("body{}");
      expect(COMPILE_HINT).toBe("//# allFunctionsCalledOnLoad\n");

      // A second run (npm start after npm run build) changes nothing.
      expect(addCompileHints(root)).toBe(0);
      expect(fs.readFileSync(path.join(chunks, "react.js"), "utf8").split(COMPILE_HINT)).toHaveLength(2);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("marks nothing where there is no build", () => {
    expect(addCompileHints(path.join(os.tmpdir(), "no-such-build-dir"))).toBe(0);
  });
});
