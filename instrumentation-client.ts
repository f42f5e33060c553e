import { config } from "zod";

// Runs in the browser before the app's own code (Next's instrumentation-client). Zod compiles object
// parsers with `new Function` when it may, and finds out by trying once: under the page CSP (no
// 'unsafe-eval', docs/decisions/021) that try is a reported violation on every page. Jitless parsing
// is the same validation without the probe.
config({ jitless: true });
