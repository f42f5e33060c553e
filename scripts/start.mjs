// `npm start`: build when there is no build (or the sources are newer than it), then run the
// production server (server/index.mjs) in this process: Next with our client address handling,
// request logs and metrics, graceful shutdown, and a first render of the busiest pages once it listens.
// SKIP_BUILD=true or --no-build serves the existing build as it is (the Docker image does).
import { ensureBuild, root } from "./ensure-build.mjs";

// Read from the environment only (before .env is loaded); true, 1 or yes, as the shop's other switches.
const skipBuild = ["true", "1", "yes"].includes(process.env.SKIP_BUILD?.trim() ?? "");
if (!skipBuild && !process.argv.includes("--no-build")) ensureBuild();

const { startShop } = await import("../server/index.mjs");
const { getLogger } = await import("../server/logger.mjs");
// As `npm run start:built` does: a failure to start is one JSON line in the log, then exit 1, not a
// stack trace the log pipeline cannot read (a job runner without its schema, a build that is missing).
await startShop({ dir: root }).catch((error) => {
  getLogger().fatal({ error }, "the server could not start");
  process.exit(1);
});
