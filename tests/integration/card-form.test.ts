import { cardFormSchema } from "@/components/payments/card-form-schema";
import { declinedMessage } from "@/components/payments/declined";

/** The test card form's own checks (components/payments/card-form-schema.ts), before anything is sent. */
const messages = (input: Record<string, string>) => {
  const result = cardFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
};
const nextYear = String(new Date().getUTCFullYear() + 1);

describe("the card form", () => {
  it("accepts a valid card with a future expiry", () => {
    expect(cardFormSchema.safeParse({ number: "4242 4242 4242 4242", expMonth: "12", expYear: nextYear, cvc: "123" }).success).toBe(true);
  });

  it("names a past expiry together with the other fields' problems, not only once they are fixed", () => {
    const found = messages({ number: "4242 4242 4242 4242", expMonth: "1", expYear: "2020", cvc: "12" });
    expect(found.expYear).toBe("Your card's expiration date is in the past.");
    expect(found.cvc).toEqual(expect.any(String));
  });

  it("does not judge the expiry while the month or year is itself wrong", () => {
    const found = messages({ number: "4242 4242 4242 4242", expMonth: "13", expYear: "2020", cvc: "123" });
    expect(found.expMonth).toEqual(expect.any(String));
    expect(found.expYear).not.toBe("Your card's expiration date is in the past.");
  });
});

describe("what a refused payment tells the customer to do", () => {
  it("a declined card: another card, or the bank", () => {
    expect(declinedMessage("Your card was declined.", "card_declined")).toBe(
      "Your card was declined. Try another card, or ask your bank why it was refused. Your order waits, unpaid, in My Orders.",
    );
  });

  it("a processing error was not a refusal: only its own advice to try again", () => {
    const reason = "An error occurred while processing your card. Try again in a little bit.";
    expect(declinedMessage(reason, "processing_error")).toBe(`${reason} Your order waits, unpaid, in My Orders.`);
  });
});
