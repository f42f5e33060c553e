/** Where zod 4 keeps the settings `z.config()` writes (zod/v4/core/core.js). */
const ZOD_GLOBAL_CONFIG = "__zod_globalConfig";

/**
 * Zod's settings object, made here when zod has not loaded yet. Changed in place, never replaced:
 * zod holds on to the object it found when it loaded.
 */
export function zodGlobalConfig(): Record<string, unknown> {
  const store = globalThis as unknown as Record<string, Record<string, unknown> | undefined>;
  return (store[ZOD_GLOBAL_CONFIG] ??= {});
}
