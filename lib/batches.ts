/**
 * Runs `batch` (which answers how many rows it handled) again and again while it comes back full
 * (`size`) and `budgetMs` has not passed: a backlog is cleared in one run of a job instead of one
 * batch per run, and no run goes on for ever. Answers the total handled.
 */
export async function drainInBatches(batch: () => Promise<number>, size: number, budgetMs = 60_000): Promise<number> {
  const until = Date.now() + budgetMs;
  let total = 0;
  for (;;) {
    const handled = await batch();
    total += handled;
    if (handled < size || Date.now() > until) return total;
  }
}
