/**
 * Runs `save` one at a time, and after the one in flight only the latest. A request made while a save
 * is in flight does not start another: it waits for that save, then one more save runs for every
 * request made meanwhile, and each of them is answered with that save's answer. `save` reads what it
 * sends when it starts, so the last state asked for is the one sent last. Two saves in flight at once
 * could arrive in either order: typing "120" in a quantity field sent 12 and then 120, and the server
 * could keep 12. `save` must end on its own, answered or failed: one that never ends holds every
 * request after it (the cart's PUT gives up after a timeout for this reason).
 */
export function serialSaves<Answer>(save: () => Promise<Answer>): () => Promise<Answer> {
  let inFlight: Promise<Answer> | null = null;
  let next: Promise<Answer> | null = null;

  function start(): Promise<Answer> {
    const running = save();
    inFlight = running;
    const done = () => {
      if (inFlight === running) inFlight = null;
    };
    running.then(done, done);
    return running;
  }

  return function request(): Promise<Answer> {
    if (next) return next;
    if (!inFlight) return start();
    // A refused or failed save must not stop the one after it: the next waits for it to end either way.
    const ended = inFlight.then(
      () => undefined,
      () => undefined,
    );
    const waiting = ended.then(() => {
      next = null;
      return start();
    });
    next = waiting;
    return waiting;
  };
}
