import { z } from "zod";
import { fieldErrors } from "./http";
import { confirmTestPaymentSchema } from "@/models/payments";
import { passwordChangeSchema } from "@/models/accounts";

function fieldsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected the input to be refused");
  return fieldErrors(result.error);
}

describe("fieldErrors", () => {
  it("keeps a schema's own messages", () => {
    expect(fieldsOf(z.strictObject({ name: z.string().min(1, "Enter your name") }), { name: "" })).toEqual({ name: "Enter your name" });
  });

  it("says what to send where a schema gave no message, instead of zod's defaults", () => {
    const schema = z.strictObject({
      token: z.string(),
      result: z.enum(["approve", "fail"]),
      lines: z.array(z.number()).min(1).max(2),
      code: z.string().min(4).max(6),
      count: z.number().min(1).max(9),
    });
    expect(fieldsOf(schema, { result: "maybe", lines: [], code: "abc", count: 10 })).toEqual({
      token: "Send token: it is required",
      result: "Send result as one of: approve, fail",
      lines: "Send at least 1 items in lines",
      code: "Use at least 4 characters in code",
      count: "Send count of at most 9",
    });
    expect(fieldsOf(schema, { token: 5, result: "fail", lines: [1, 2, 3], code: "abcdefg", count: 1 })).toMatchObject({
      token: "Send token as text",
      lines: "Send at most 2 items in lines",
      code: "Use at most 6 characters in code",
    });
  });

  it("a body that is not an object is named as such", () => {
    expect(fieldsOf(confirmTestPaymentSchema, [])).toEqual({ _: "Send the request's fields as a JSON object" });
  });

  it("the shop's schemas answer missing parts with a sentence", () => {
    expect(fieldsOf(confirmTestPaymentSchema, {})).toEqual({ card: "Send card: it is required" });
    expect(fieldsOf(passwordChangeSchema, {})).toMatchObject({ newPassword: "Enter a password" });
  });
});
