export async function register(): Promise<void> {
  // The condition is replaced at build time, so the Edge bundle never contains the Node-only startup.
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { startServer } = await import("@/lib/startup");
    await startServer();
  }
}
