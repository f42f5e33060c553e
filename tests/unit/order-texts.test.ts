import { confirmationMail, receiptMail, shippedMail } from "@/lib/orders/emails";
import { yearInShopZone } from "@/models/dates";
import { linesSummary, type OrderView } from "@/models/orders";

const order: OrderView = {
  id: "ord_1",
  number: "TF-100001",
  items: [{ productId: "prd_1", productName: "Claw Hammer", productImageUrl: "", quantity: 1_500, unitPriceCents: 1_200, totalCents: 1_800_000 }],
  subtotalCents: 1_800_000,
  shippingCents: 0,
  totalCents: 1_800_000,
  currency: "USD",
  email: "ann@toolforge.test",
  phone: "+1 555 010 0199",
  shippingAddress: { name: "Ann", line1: "12 Forge Lane", line2: "", city: "Springfield", region: "", postalCode: "12345", country: "US" },
  status: "paid",
  shipping: "pending",
  paymentRef: "tp_1",
  createdAt: "2026-11-22T02:30:00.000Z",
  expiresAt: null,
  paidAt: "2026-11-22T02:45:00.000Z",
  shippedAt: null,
  cancelledAt: null,
  expiredAt: null,
  refundedAt: null,
  refundReason: null,
};

/** Runs `check` with SHOP_TIME_ZONE set to `zone`, and puts the setting back afterwards. */
function inZone(zone: string, check: () => void) {
  const before = process.env.SHOP_TIME_ZONE;
  try {
    process.env.SHOP_TIME_ZONE = zone;
    check();
  } finally {
    if (before === undefined) delete process.env.SHOP_TIME_ZONE;
    else process.env.SHOP_TIME_ZONE = before;
  }
}

describe("the texts about an order", () => {
  it("name the order and when it was placed in the body of the customer's mails, and the receipt when it was paid", () => {
    inZone("America/Chicago", () => {
      const heading = "Order TF-100001\nPlaced Nov 21, 2026, 8:30 PM CST\n";
      expect(confirmationMail(order, "Ann").text).toContain(heading);
      expect(shippedMail(order).text).toContain(heading);
      expect(receiptMail(order, { brand: "visa", last4: "4242" }).text).toContain(`${heading}Paid Nov 21, 2026, 8:45 PM CST\n`);
      // Only the receipt speaks of the payment's time.
      expect(confirmationMail(order, "Ann").text).not.toContain("Paid Nov");
    });
  });

  it("write quantities with their thousands separators", () => {
    expect(confirmationMail(order, "Ann").text).toContain("1,500 × Claw Hammer at $12.00");
    expect(linesSummary(order.items)).toBe("Claw Hammer ×1,500");
    expect(linesSummary([{ productName: "Pliers", quantity: 6 }, ...order.items])).toBe("Pliers ×6 and 1 more");
  });

  it("date the footer by the shop's year, not the server's", () => {
    // 03:00 UTC on New Year's Day is still the evening of Dec 31 in Chicago.
    expect(yearInShopZone("2027-01-01T03:00:00.000Z", "UTC")).toBe(2027);
    expect(yearInShopZone("2027-01-01T03:00:00.000Z", "America/Chicago")).toBe(2026);
    inZone("America/Chicago", () => expect(yearInShopZone(new Date("2027-01-01T03:00:00.000Z"))).toBe(2026));
  });
});
