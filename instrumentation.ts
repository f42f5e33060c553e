/**
 * Runs once when the server starts, before it answers requests: check the configuration (one clear
 * line naming a bad variable, then exit) and open, migrate and seed the database.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { getEnv, EnvError } = await import("@/lib/env");
  try {
    getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { getDatabase } = await import("@/lib/db/client");
  const { log } = await import("@/lib/log");
  const handle = await getDatabase();
  log("info", "database ready", { engine: handle.engine });
}
