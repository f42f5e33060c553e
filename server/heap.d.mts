export const DEFAULT_HEAP_MB: number;
export function nodeArgs(env?: Record<string, string | undefined>): string[];
