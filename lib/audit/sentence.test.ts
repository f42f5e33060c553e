import { auditSentence } from "./sentence";

const base = { actorEmail: "ann@toolforge.test", actorId: "usr_ann", entity: "product", entityId: "prd_1", before: null, after: null };

describe("auditSentence", () => {
  it("tells a product update as the fields it changed", () => {
    expect(
      auditSentence({
        ...base,
        action: "product.update",
        before: { name: "Claw Hammer", priceCents: 2499, stock: 420, minOrderQuantity: 10, imageUrl: "/a.webp" },
        after: { name: "Claw Hammer", priceCents: 1999, stock: 400, minOrderQuantity: 10, imageUrl: "/a.webp" },
      }),
    ).toBe("ann@toolforge.test changed “Claw Hammer”: price $24.99 → $19.99, stock 420 → 400.");
  });

  it("tells a new description without quoting it, and nothing of entries written before descriptions were kept", () => {
    const product = { name: "Claw Hammer", priceCents: 2499, stock: 420, minOrderQuantity: 10, imageUrl: "/a.webp" };
    expect(
      auditSentence({ ...base, action: "product.update", before: { ...product, description: "Old." }, after: { ...product, description: "New." } }),
    ).toBe("ann@toolforge.test changed “Claw Hammer”: a new description.");
    expect(auditSentence({ ...base, action: "product.update", before: product, after: product })).toBe("ann@toolforge.test changed “Claw Hammer”: nothing visible.");
  });

  it("tells a product put back on sale with its price and stock", () => {
    expect(
      auditSentence({ ...base, action: "product.restore", after: { name: "Claw Hammer", priceCents: 2499, stock: 12, minOrderQuantity: 10, imageUrl: "/a.webp" } }),
    ).toBe("ann@toolforge.test put “Claw Hammer” back on sale at $24.99, 12 in stock.");
  });

  it("tells role changes with the person they are about, including the configuration's", () => {
    expect(auditSentence({ ...base, entity: "user", entityId: "usr_bo", action: "user.role", before: { email: "bo@x.test", role: "customer" }, after: { email: "bo@x.test", role: "admin" } })).toBe(
      "ann@toolforge.test made bo@x.test an admin.",
    );
    expect(
      auditSentence({
        ...base,
        actorEmail: null,
        actorId: "system:admin-emails",
        entity: "user",
        action: "user.role",
        after: { email: "root@x.test", role: "admin", reason: "ADMIN_EMAILS, address verified" },
      }),
    ).toBe("The ADMIN_EMAILS setting made root@x.test an admin (ADMIN_EMAILS, address verified).");
    expect(auditSentence({ ...base, action: "user.role", after: { email: "bo@x.test", role: "customer" } })).toBe("ann@toolforge.test removed admin rights from bo@x.test.");
  });

  it("tells order actions with the order's id and contents", () => {
    expect(
      auditSentence({ ...base, entity: "order", entityId: "ord_9", action: "order.delete", before: { email: "c@x.test", productName: "Saw", quantity: 3 } }),
    ).toBe("ann@toolforge.test deleted order ord_9 of 3 × Saw by c@x.test.");
    expect(auditSentence({ ...base, entity: "order", entityId: "ord_9", action: "order.delete", before: { productName: "Saw", quantity: 1_500 } })).toBe(
      "ann@toolforge.test deleted order ord_9 of 1,500 × Saw.",
    );
    expect(
      auditSentence({ ...base, entityId: "ord_9", action: "order.shipping", before: { number: "TF-100042", email: "c@x.test", shipping: "pending" }, after: { shipping: "shipped" } }),
    ).toBe("ann@toolforge.test marked order TF-100042 of c@x.test as shipped.");
    expect(auditSentence({ ...base, entityId: "ord_9", action: "order.shipping", after: { shipping: "pending" } })).toBe("ann@toolforge.test marked order ord_9 as not shipped yet.");
  });

  it("tells whose review was hidden or shown, and of what", () => {
    const review = { ...base, entity: "review", entityId: "rev_1" };
    expect(auditSentence({ ...review, action: "review.hide", before: { hidden: false, author: "bo@x.test", rating: 2, productName: "Claw Hammer" }, after: { hidden: true } })).toBe(
      "ann@toolforge.test hid the 2-star review of “Claw Hammer” by bo@x.test from the shop.",
    );
    expect(auditSentence({ ...review, action: "review.show", before: { hidden: true, author: "bo@x.test", rating: 5, productName: null }, after: { hidden: false } })).toBe(
      "ann@toolforge.test put the 5-star review of the shop by bo@x.test back on the shop.",
    );
    // Entries written before the author was kept.
    expect(auditSentence({ ...review, action: "review.hide", before: { hidden: false }, after: { hidden: true } })).toBe("ann@toolforge.test hid review rev_1 from the shop.");
  });

  it("tells a review its author deleted, and whether the shop had hidden it", () => {
    const review = { ...base, entity: "review", entityId: "rev_1", action: "review.delete", after: null };
    expect(auditSentence({ ...review, before: { hidden: false, author: "ann@toolforge.test", rating: 4.5, productName: "Claw Hammer" } })).toBe(
      "ann@toolforge.test deleted their 4.5-star review of “Claw Hammer”.",
    );
    expect(auditSentence({ ...review, before: { hidden: true, author: "ann@toolforge.test", rating: 1, productName: null } })).toBe(
      "ann@toolforge.test deleted their 1-star review of the shop, which the shop had hidden.",
    );
  });

  it("tells an account deletion with what happened to its orders", () => {
    const deleted = { ...base, actorEmail: null, actorId: "usr_gone", entity: "user", entityId: "usr_gone", action: "user.deleted" };
    expect(auditSentence({ ...deleted, after: { ordersAnonymised: 3, ordersCancelled: 1 } })).toBe(
      "A customer deleted their account; 3 orders were kept without their details and 1 unpaid order was cancelled.",
    );
    expect(auditSentence({ ...deleted, after: { ordersAnonymised: 2 } })).toBe("A customer deleted their account; 2 orders were kept without their details.");
    expect(auditSentence({ ...deleted, after: { ordersAnonymised: 1, ordersCancelled: 1 } })).toBe(
      "A customer deleted their account; 1 order was kept without their details and 1 unpaid order was cancelled.",
    );
    expect(auditSentence({ ...deleted, after: { ordersAnonymised: 1_200, ordersCancelled: 1_050 } })).toBe(
      "A customer deleted their account; 1,200 orders were kept without their details and 1,050 unpaid orders were cancelled.",
    );
    expect(auditSentence({ ...deleted, after: { ordersAnonymised: 0, ordersCancelled: 0 } })).toBe("A customer deleted their account; they had no orders.");
    // Entries without the counts.
    expect(auditSentence({ ...deleted, after: null })).toBe("A customer deleted their account; their orders were kept without their details.");
  });

  it("tells a disabled account with the unpaid orders cancelled with it", () => {
    const disabled = { ...base, entity: "user", entityId: "usr_bob", action: "user.disabled", before: { email: "bob@toolforge.test", disabled: false } };
    expect(auditSentence({ ...disabled, after: { email: "bob@toolforge.test", disabled: true } })).toBe(
      "ann@toolforge.test disabled the account of bob@toolforge.test and signed it out everywhere.",
    );
    expect(auditSentence({ ...disabled, after: { email: "bob@toolforge.test", disabled: true, ordersCancelled: 2 } })).toBe(
      "ann@toolforge.test disabled the account of bob@toolforge.test and signed it out everywhere, and cancelled 2 unpaid orders it could no longer pay.",
    );
  });

  it("tells an erasure by its dates only, and a refund that did not reach the customer", () => {
    expect(auditSentence({ ...base, entity: "message", entityId: "msg_1", action: "message.erase", before: { receivedAt: "2026-11-03T12:00:00.000Z" }, after: null })).toBe(
      "ann@toolforge.test erased a contact message received on Nov 3, 2026.",
    );
    expect(auditSentence({ ...base, entity: "subscriber", entityId: "sub_1", action: "subscriber.erase", before: { signedUpAt: "nonsense" }, after: null })).toBe(
      "ann@toolforge.test erased a newsletter address signed up at a time not recorded.",
    );
    expect(
      auditSentence({ ...base, actorEmail: null, actorId: "system:payments", entity: "payment", entityId: "pay_1", action: "payment.refund_failed", before: { amountCents: 9900 }, after: { reason: "expired_or_canceled_card" } }),
    ).toBe("A refund of $99.00 did not reach the customer (Stripe says: expired_or_canceled_card); the admins were mailed to pay it back another way.");
  });

  it("never hides an action it does not know", () => {
    expect(auditSentence({ ...base, action: "thing.new", actorEmail: null, actorId: "usr_gone" })).toBe("A deleted account: thing.new on product prd_1.");
  });

  it("tells each change to an account's two-factor sign-in", () => {
    const entry = { ...base, entity: "user", entityId: "usr_ann", action: "user.two-factor", before: null };
    expect(auditSentence({ ...entry, after: { change: "turned-on" } })).toBe("ann@toolforge.test turned on two-factor sign-in.");
    expect(auditSentence({ ...entry, after: { change: "turned-off" } })).toBe("ann@toolforge.test turned off two-factor sign-in.");
    expect(auditSentence({ ...entry, after: { change: "new-backup-codes" } })).toBe("ann@toolforge.test made new backup codes for two-factor sign-in.");
  });
});
