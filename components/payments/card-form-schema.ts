import { z } from "zod";
import { cardSchema } from "@/models/payments";

const EXPIRED = "Your card's expiration date is in the past.";

/** A text field that must not be empty, then parsed by the server's own schema for that field. */
function filledThen<T>(emptyMessage: string, schema: z.ZodType<T>) {
  return z
    .string()
    .trim()
    .min(1, emptyMessage)
    .transform((value, ctx) => {
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    });
}

/**
 * The server's card schema (models/payments.ts), plus what a form needs before sending: empty fields
 * named as such, and the expiry checked against today as the processor checks it (a card is valid
 * through the last day of its expiry month).
 */
const cardFields = z.object({
  number: filledThen("Enter your card number", cardSchema.shape.number),
  expMonth: filledThen("Enter the expiry month", cardSchema.shape.expMonth),
  expYear: filledThen("Enter the expiry year", cardSchema.shape.expYear),
  cvc: filledThen("Enter the security code", cardSchema.shape.cvc),
});
// The expiry is checked whenever month and year are themselves valid, so a past date is named together
// with a wrong number or security code, not only once those are fixed.
export const cardFormSchema = cardFields.refine((card) => Date.UTC(card.expYear, card.expMonth, 1) > Date.now(), {
  path: ["expYear"],
  message: EXPIRED,
  when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "expMonth" || issue.path?.[0] === "expYear"),
});

export type CardFormValues = z.input<typeof cardFormSchema>;
