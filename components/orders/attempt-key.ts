/** An order attempt's Idempotency-Key and the order it was made for (its JSON). */
export type OrderAttempt = { key: string; body: string };

/**
 * The key for placing `body`: the previous attempt's when it was for the same order (a press again
 * after a lost answer finds the order that answer was about, never a second one), a new one when the
 * customer changed anything meanwhile. The server refuses a key sent again with another order, in
 * words for API clients ("This Idempotency-Key was already used…") that a customer should never read.
 */
export function orderAttempt(previous: OrderAttempt | null, body: unknown): OrderAttempt {
  const text = JSON.stringify(body);
  return previous?.body === text ? previous : { key: crypto.randomUUID(), body: text };
}
