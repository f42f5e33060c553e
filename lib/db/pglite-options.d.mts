import type { PGliteOptions } from "@electric-sql/pglite";

export const PGLITE_SHARED_BUFFERS: string;
export function pgliteOptions(extra?: Partial<PGliteOptions>): PGliteOptions;
