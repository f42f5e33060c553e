import "server-only";

type Entry<T> = { value: Promise<T>; expires: number };

export type ReadCache = { get<T>(key: string, load: () => Promise<T>): Promise<T>; clear(): void };

const store = globalThis as unknown as { __toolforgeReadCaches?: Map<string, Map<string, Entry<unknown>>> };

/**
 * A small in-process read-through cache, as the catalog's (lib/catalog/service.ts): concurrent readers of
 * one key share one query, entries live `ttlMs`, a failed read is not kept. Kept on globalThis because
 * Next evaluates a module several times per process.
 */
export function readCache(name: string, ttlMs: number, maxEntries = 200): ReadCache {
  store.__toolforgeReadCaches ??= new Map();
  let entries = store.__toolforgeReadCaches.get(name);
  if (!entries) {
    entries = new Map();
    store.__toolforgeReadCaches.set(name, entries);
  }
  const map = entries;
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = map.get(key) as Entry<T> | undefined;
      if (hit && hit.expires > now) return hit.value;
      if (map.size >= maxEntries) map.clear();
      const value = load();
      map.set(key, { value, expires: now + ttlMs });
      value.catch(() => map.delete(key));
      return value;
    },
    clear: () => map.clear(),
  };
}
