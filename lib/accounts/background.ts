import "server-only";
import { log } from "@/lib/log";

const store = globalThis as unknown as { __toolforgeAccountTasks?: Set<Promise<void>> };

function tasks(): Set<Promise<void>> {
  store.__toolforgeAccountTasks ??= new Set();
  return store.__toolforgeAccountTasks;
}

/**
 * Runs work after the answer has gone out. The "forgot password" and "email me a link" answers must
 * take the same time whether or not the address has an account, so the lookup happens here.
 */
export function runAfterAnswer(name: string, task: () => Promise<void>): void {
  const job = Promise.resolve()
    .then(task)
    .catch((error: unknown) => log("error", `${name} failed`, { error: error instanceof Error ? error.message : String(error) }));
  tasks().add(job);
  void job.finally(() => tasks().delete(job));
}

/** Waits for the work started so far (tests, graceful shutdown). */
export async function waitForAccountTasks(): Promise<void> {
  while (tasks().size > 0) await Promise.all([...tasks()]);
}
