import { shippingAddressSchema } from "./orders";
import { productInputSchema } from "./catalog";
import { reviewInputSchema } from "./reviews";
import { optionalTextField, textField } from "./text";

const city = textField({ missing: "Enter the city", max: 100 });
const message = textField({ missing: "Write a message", max: 500, lines: true });

describe("textField", () => {
  it.each([
    ["zero-width spaces", "\u200b\u200b"],
    ["a byte-order mark and a word joiner", "\ufeff\u2060"],
    ["direction marks around spaces", "\u200e \u200f"],
    ["spaces", "   "],
  ])("refuses a text that shows nothing (%s) with the field's own message", (_, value) => {
    const result = city.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain("Enter the city");
  });

  it.each([
    ["an escape sequence", "Lyon\u001b[2J"],
    ["a bell", "Ly\u0007on"],
    ["a C1 control", "Ly\u0085on"],
    ["a line break in one line", "Lyon\nParis"],
    ["a right-to-left override", "Lyon \u202etxet"],
    ["a directional isolate", "Lyon \u2067x\u2069"],
  ])("refuses %s", (_, value) => {
    expect(city.safeParse(value).error?.issues[0]?.message).toBe("Enter the city without control characters");
  });

  it("refuses half of a surrogate pair, which would be stored as U+FFFD", () => {
    expect(city.safeParse("Lyon\ud800").error?.issues[0]?.message).toBe("This text has a broken character: type it again");
  });

  it("keeps what people write: accents, scripts, emoji, a zero-width joiner inside a word, and line breaks where lines are allowed", () => {
    expect(city.parse("  São Paulo ")).toBe("São Paulo");
    expect(city.parse("東京")).toBe("東京");
    expect(city.parse("Family 👨‍👩‍👧")).toBe("Family 👨‍👩‍👧");
    expect(message.parse("Line one\r\nLine two\twith a tab")).toBe("Line one\r\nLine two\twith a tab");
  });

  it("an optional field may be empty, but not blank with invisible characters or controls", () => {
    const region = optionalTextField({ max: 100 });
    expect(region.parse(undefined)).toBe("");
    expect(region.parse("  ")).toBe("");
    expect(region.safeParse("\u200b").success).toBe(false);
    expect(region.safeParse("Île\u0000").success).toBe(false);
  });
});

describe("the shop's forms use it", () => {
  it("a shipping address of zero-width spaces is refused field by field", () => {
    const result = shippingAddressSchema.safeParse({ name: "\u200b", line1: "\u001b[2J", city: "\u200b", postalCode: "\u200b", country: "\u200b" });
    const fields = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
    expect(fields).toMatchObject({
      name: "Enter the recipient's name",
      line1: "Enter the street address without control characters",
      city: "Enter the city",
      postalCode: "Enter the postal code",
      country: "Enter the country",
    });
  });

  it("a product named with an escape sequence or nothing visible, and a review of ten lone surrogates, are refused", () => {
    const product = { description: "A saw.", imageUrl: "/images/products/saw.svg", priceCents: 100, stock: 1, minOrderQuantity: 1 };
    expect(productInputSchema.safeParse({ ...product, name: "Saw" }).success).toBe(true);
    expect(productInputSchema.safeParse({ ...product, name: "Saw\u001b[31mRed" }).error?.issues.map((issue) => issue.path.join("."))).toEqual(["name"]);
    expect(productInputSchema.safeParse({ ...product, name: "\u200b" }).error?.issues.map((issue) => issue.path.join("."))).toEqual(["name"]);
    expect(reviewInputSchema.safeParse({ text: "\ud800".repeat(20), rating: 3 }).success).toBe(false);
  });
});
