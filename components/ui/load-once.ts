/**
 * A module (or anything) fetched on first use, not with the page: every caller gets the one pending
 * load, and a failed load (offline for a moment) is forgotten so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
