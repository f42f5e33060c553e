import { phoneSchema } from "./orders";

describe("phoneSchema", () => {
  it("takes a number of 7 to 20 digits, however it is spaced or bracketed", () => {
    for (const phone of ["+1 555 010 0199", "+1 (555) 010-0199", "5550100", "+44 20 7946 0958"]) expect(phoneSchema.safeParse(phone).success).toBe(true);
  });

  it("refuses punctuation standing in for digits, and too few or too many digits", () => {
    for (const phone of ["1------1", "1      1", "+1()()()()()2", "555 01", "123456789012345678901"]) {
      const parsed = phoneSchema.safeParse(phone);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Enter a contact number of 7 to 20 digits, e.g. +1 555 010 0199");
    }
  });
});
