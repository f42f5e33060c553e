"use client";

// A toast that outlives a page load: written before the browser leaves, shown by the next page's toaster.
const KEY = "toolforge.flash";

export function flashToast(message: string): void {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    // Storage refused (private mode quotas): the next page simply shows no toast.
  }
}

/** The toast a previous page left, once. */
export function takeFlashToast(): string | null {
  try {
    const message = sessionStorage.getItem(KEY);
    if (message !== null) sessionStorage.removeItem(KEY);
    return message;
  } catch {
    return null;
  }
}
