import type { PGliteOptions } from "@electric-sql/pglite";

export function pgliteOptions(extra?: Partial<PGliteOptions>): PGliteOptions;
