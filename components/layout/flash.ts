"use client";

// A toast that outlives a page load: written before the browser leaves, shown by the next page's toaster.
const KEY = "toolforge.flash";

type Flash = { message: string; page: number };

/**
 * Each document has its own `performance.timeOrigin`: the flash remembers the one that wrote it, so
 * that document's own toaster cannot take it. On a slow device the toaster (loaded after hydration)
 * could mount between the form's success and the page load, show the toast on the page being left
 * and leave the next page without it.
 */
function thisPage(): number {
  return performance.timeOrigin;
}

export function flashToast(message: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ message, page: thisPage() } satisfies Flash));
  } catch {
    // Storage refused (private mode quotas): the next page simply shows no toast.
  }
}

function parse(stored: string): Flash | null {
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== "object" || value === null) return null;
    const { message, page } = value as Record<string, unknown>;
    return typeof message === "string" && typeof page === "number" ? { message, page } : null;
  } catch {
    return null;
  }
}

/** The toast a previous page left, once; null on the page that left it. */
export function takeFlashToast(): string | null {
  try {
    const stored = sessionStorage.getItem(KEY);
    if (stored === null) return null;
    const flash = parse(stored);
    if (flash?.page === thisPage()) return null;
    sessionStorage.removeItem(KEY);
    return flash?.message ?? null;
  } catch {
    return null;
  }
}
