import { cardFormSchema } from "@/components/payments/card-form-schema";

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
