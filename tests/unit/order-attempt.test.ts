import { orderAttempt } from "@/components/orders/attempt-key";

describe("an order attempt's Idempotency-Key", () => {
  it("is kept for the same order pressed again, and new once anything in it changed", () => {
    const order = { productId: "prd_saw", quantity: 12, phone: "+1 555 010 0199" };
    const first = orderAttempt(null, order);
    expect(orderAttempt(first, { ...order }).key).toBe(first.key);
    const changed = orderAttempt(first, { ...order, quantity: 13 });
    expect(changed.key).not.toBe(first.key);
    expect(orderAttempt(changed, { ...order, quantity: 13 }).key).toBe(changed.key);
  });
});
