import { serialSaves } from "@/components/cart/save-queue";

/**
 * The cart's saves one at a time (components/cart/save-queue.ts), with a save that sends whatever
 * `wanted` holds when it starts and ends when the test lets it, as a slow network would.
 */
function slowSaves(fail?: (value: number) => boolean) {
  let wanted = 0;
  const sent: number[] = [];
  const waiting: (() => void)[] = [];
  const request = serialSaves(async () => {
    const value = wanted;
    sent.push(value);
    await new Promise<void>((resolve) => waiting.push(resolve));
    if (fail?.(value)) throw new Error(`${value} was not saved`);
    return `saved ${value}`;
  });
  return {
    sent,
    inFlight: () => waiting.length,
    want(value: number) {
      wanted = value;
      return request();
    },
    /** Lets the save in flight end, and whatever it starts begin. */
    async finish() {
      waiting.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

test("a change made while a save is in flight is sent after it, not beside it", async () => {
  const saves = slowSaves();
  const twelve = saves.want(12);
  const hundredTwenty = saves.want(120);
  // Typing "120": the 12 is on its way, and the 120 waits for it rather than racing it to the server.
  expect(saves.sent).toEqual([12]);
  expect(saves.inFlight()).toBe(1);

  await saves.finish();
  expect(saves.sent).toEqual([12, 120]);
  await saves.finish();
  await expect(twelve).resolves.toBe("saved 12");
  await expect(hundredTwenty).resolves.toBe("saved 120");
});

test("the changes made during one save go in one more save, as they stand when it starts, and each is answered by it", async () => {
  const saves = slowSaves();
  void saves.want(1);
  const second = saves.want(2);
  const third = saves.want(3);
  const fourth = saves.want(4);
  expect(second).toBe(fourth);

  await saves.finish();
  // 2 and 3 were overtaken before they left: only the latest cart is sent.
  expect(saves.sent).toEqual([1, 4]);
  await saves.finish();
  await expect(Promise.all([second, third, fourth])).resolves.toEqual(["saved 4", "saved 4", "saved 4"]);
  expect(saves.inFlight()).toBe(0);

  // Idle again: the next change is sent at once.
  const fifth = saves.want(5);
  expect(saves.sent).toEqual([1, 4, 5]);
  await saves.finish();
  await expect(fifth).resolves.toBe("saved 5");
});

test("a failed save does not hold up the one after it", async () => {
  const saves = slowSaves((value) => value === 1);
  const first = expect(saves.want(1)).rejects.toThrow("1 was not saved");
  const second = saves.want(2);
  await saves.finish();
  await first;
  expect(saves.sent).toEqual([1, 2]);
  await saves.finish();
  await expect(second).resolves.toBe("saved 2");
});
