// Runs in the browser before the app's own code (Next's instrumentation-client). Zod compiles object
// parsers with `new Function` when it may, and finds out by trying once: under the page CSP (no
// 'unsafe-eval', docs/decisions/021) that try is a reported violation on every page that parses.
// Jitless parsing is the same validation without the probe. Zod keeps its settings on
// globalThis.__zod_globalConfig (what `z.config()` writes); setting it here, rather than importing
// zod, keeps zod out of pages that do not parse anything (it was 33 KB gzipped on `/`).
// lib/zod-jitless.test.ts checks that zod still reads its settings from there.
import { zodGlobalConfig } from "@/lib/zod-jitless";

zodGlobalConfig().jitless = true;
