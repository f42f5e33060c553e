import { phoneSchema, quantityHint } from "./orders";

describe("phoneSchema", () => {
  it("takes a number of 7 to 20 digits, however it is spaced or bracketed", () => {
    for (const phone of ["+1 555 010 0199", "+1 (555) 010-0199", "5550100", "+44 20 7946 0958", "(555) 010-0199", "555.010.0199", "+44 (0) 20 7946 0958"]) {
      expect(phoneSchema.safeParse(phone).success).toBe(true);
    }
  });

  it("says what is wrong with letters, a plus inside the number, or a number padded past 30 characters", () => {
    const characters = "Enter a contact number with digits, spaces, brackets, dots or dashes (a + only at the start), e.g. +1 555 010 0199";
    for (const phone of ["555-CALL-NOW", "555 0100 ext 2", "1+555 010 0199", "+1 555 010 0199;"]) expect(phoneSchema.safeParse(phone).error?.issues[0]?.message).toBe(characters);
    expect(phoneSchema.safeParse("+1 (555) 010 - 0199 - - - - - - -").error?.issues[0]?.message).toBe("Enter a contact number of at most 30 characters, e.g. +1 555 010 0199");
  });

  it("refuses punctuation standing in for digits, and too few or too many digits", () => {
    for (const phone of ["1------1", "1      1", "+1()()()()()2", "555 01", "123456789012345678901", "(((555)))"]) {
      const parsed = phoneSchema.safeParse(phone);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Enter a contact number of 7 to 20 digits, e.g. +1 555 010 0199");
    }
  });
});

describe("quantityHint", () => {
  it("gives the range a product can be ordered in, with thousands separated", () => {
    expect(quantityHint(6, 1_200)).toBe("Between 6 and 1,200 units");
    expect(quantityHint(1, 2)).toBe("Between 1 and 2 units");
  });

  it("says Exactly when the minimum order is all the stock, never \"Between 5 and 5\"", () => {
    expect(quantityHint(5, 5)).toBe("Exactly 5 units");
    expect(quantityHint(1, 1)).toBe("Exactly 1 unit");
    expect(quantityHint(2_500, 2_500)).toBe("Exactly 2,500 units");
  });
});
