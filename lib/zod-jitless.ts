/** Where zod 4 keeps the settings `z.config()` writes (zod/v4/core/core.js). */
export const ZOD_GLOBAL_CONFIG = "__zod_globalConfig";
