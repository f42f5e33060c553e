import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { firstLoadChunks, measureFirstLoadJs } from "@/scripts/first-load-js.mjs";

/** What `npm run bench` counts as the first-load JavaScript of `/` (scripts/first-load-js.mjs). */
const PAGE = [
  '<html><head><script nonce="n" src="/_next/static/chunks/poly.js" noModule=""></script>',
  '<script nonce="n" src="/_next/static/chunks/runtime.js" async=""></script>',
  '<script nonce="n" type="text/x-toolforge-after-paint" data-src="/_next/static/chunks/react.js"></script>',
  '<script nonce="n" type="text/x-toolforge-after-paint" data-src="/_next/static/chunks/react.js"></script>',
  "</head><body><p>/_next/static/chunks/in-text-only.css</p>",
  '<script nonce="n">self.__next_f.push([1,"2:I[1234,[\\"/_next/static/chunks/button.js\\"],\\"AddToCart\\"]"])</script>',
  '<script nonce="n">self.__next_f.push([1,"lazy: static/chunks/later.js"])</script>',
  "</body></html>",
].join("");

describe("first-load JavaScript", () => {
  it("counts script tags, after-paint placeholders and the payload's client chunks once each, not noModule polyfills or lazy chunks", () => {
    expect(firstLoadChunks(PAGE)).toEqual(["static/chunks/runtime.js", "static/chunks/react.js", "static/chunks/button.js"]);
  });

  it("adds up each file gzipped, largest first, and names the files the build lacks", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "first-load-js-"));
    try {
      fs.mkdirSync(path.join(dir, "static/chunks"), { recursive: true });
      const runtime = "var runtime = 1;".repeat(50);
      const react = Array.from({ length: 400 }, (_, i) => `function f${i}(){return ${i * 7919}}`).join(";");
      fs.writeFileSync(path.join(dir, "static/chunks/runtime.js"), runtime);
      fs.writeFileSync(path.join(dir, "static/chunks/react.js"), react);
      const result = measureFirstLoadJs(PAGE, dir);
      const gz = (text: string) => zlib.gzipSync(Buffer.from(text), { level: 6 }).length;
      expect(result.files.map((f) => f.file)).toEqual(["static/chunks/react.js", "static/chunks/runtime.js"]);
      expect(result.files[0]).toEqual({ file: "static/chunks/react.js", bytes: react.length, gzipBytes: gz(react) });
      expect(result.totalGzipBytes).toBe(gz(react) + gz(runtime));
      expect(result.missing).toEqual(["static/chunks/button.js"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
