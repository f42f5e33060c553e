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

// A sign-in through a provider (Google, GitHub, the staff single sign-on) leaves the shop for the
// provider's pages and comes back through better-auth's callback: no form of ours is there to write a
// flash. Its return address carries `welcome` instead, set only on the success paths (callbackURL and
// newUserCallbackURL; a failure returns to /login without it), and the next page's toaster says it.
const WELCOME_PARAM = "welcome";
const WELCOME_MESSAGES = { "signed-in": "Signed in successfully", created: "Account created" } as const;
type Welcome = keyof typeof WELCOME_MESSAGES;

/** `next` (a path of the shop, perhaps with a query or a hash) with the welcome a provider sign-in brings back. */
export function withWelcome(next: string, welcome: Welcome): string {
  const hashAt = next.indexOf("#");
  const [path, hash] = hashAt === -1 ? [next, ""] : [next.slice(0, hashAt), next.slice(hashAt)];
  return `${path}${path.includes("?") ? "&" : "?"}${WELCOME_PARAM}=${welcome}${hash}`;
}

/**
 * The toast a provider sign-in's return address asks for, once: the parameter is taken out of the
 * address bar (a reload or a shared link does not say it again). Null when there is none.
 */
export function takeWelcomeToast(): string | null {
  const url = new URL(window.location.href);
  const welcome = url.searchParams.get(WELCOME_PARAM);
  if (welcome === null) return null;
  url.searchParams.delete(WELCOME_PARAM);
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  return welcome in WELCOME_MESSAGES ? WELCOME_MESSAGES[welcome as Welcome] : null;
}
