// @ts-check
// Work the server must finish or close when it stops (pending mail, the database). Code inside the
// Next bundle registers here at start-up; the server runs the hooks once its connections have drained.
// Kept on globalThis: the bundle and the server each load their own copy of this file.

/** @typedef {{ name: string, run: () => Promise<void> }} ShutdownHook */

const HOOKS = Symbol.for("toolforge.shutdownHooks");

/** @returns {ShutdownHook[]} */
function hooks() {
  const holder = /** @type {{ [HOOKS]?: ShutdownHook[] }} */ (globalThis);
  holder[HOOKS] ??= [];
  return holder[HOOKS];
}

/**
 * Registers work to run at shutdown, after in-flight requests are answered. Hooks run in the
 * reverse order of registration (what was opened first is closed last). Registering a name again
 * replaces the earlier hook.
 * @param {string} name
 * @param {() => Promise<void>} run
 */
export function onShutdown(name, run) {
  const list = hooks();
  const existing = list.findIndex((hook) => hook.name === name);
  if (existing >= 0) list.splice(existing, 1);
  list.push({ name, run });
}

/**
 * Runs every hook once, newest first; a failing hook does not stop the others.
 * @param {(name: string, error: unknown) => void} onError
 */
export async function runShutdownHooks(onError) {
  const list = hooks().splice(0).reverse();
  for (const hook of list) {
    try {
      await hook.run();
    } catch (error) {
      onError(hook.name, error);
    }
  }
}
