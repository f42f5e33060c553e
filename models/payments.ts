import { z } from "zod";

const digits = (value: string) => value.replace(/[\s-]/g, "");

/** Luhn checksum (ISO/IEC 7812-1), the check every card number carries in its last digit. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i -= 1) {
    let d = number.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return number.length > 0 && sum % 10 === 0;
}

/**
 * A month or a year: a number, or a form field's digits. Not z.coerce, which made `true` month 1,
 * `[12]` month 12 and an empty field year 0 (then "expired" instead of "enter the year").
 */
function cardDateField<T extends z.ZodType<number, number>>(schema: T) {
  return z.preprocess((value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value), schema);
}

export const cardSchema = z.strictObject({
  number: z
    .string({ error: "Enter your card number" })
    .transform(digits)
    .pipe(
      z
        .string()
        .regex(/^\d{12,19}$/, "Your card number is incomplete.")
        .refine(passesLuhn, "Your card number is invalid."),
    ),
  expMonth: cardDateField(
    z
      .number({ error: "Enter the expiry month" })
      .int("Enter the expiry month")
      .min(1, "Your card's expiration month is invalid.")
      .max(12, "Your card's expiration month is invalid."),
  ),
  expYear: cardDateField(
    z
      .number({ error: "Enter the expiry year" })
      .int("Enter the expiry year")
      .min(0, "Your card's expiration year is invalid.")
      .max(2100, "Your card's expiration year is invalid.")
      .transform((y) => (y < 100 ? 2000 + y : y)),
  ),
  cvc: z.string({ error: "Enter the security code" }).trim().regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export type CardInput = z.infer<typeof cardSchema>;

export const testAuthenticationSchema = z.strictObject({
  token: z.string().min(1).max(200),
  result: z.enum(["approve", "fail"]),
});

export const confirmTestPaymentSchema = z.strictObject({
  card: cardSchema,
  authentication: testAuthenticationSchema.optional(),
});
export type ConfirmTestPaymentInput = z.infer<typeof confirmTestPaymentSchema>;

export const confirmStripePaymentSchema = z.strictObject({
  paymentIntentId: z.string().trim().regex(/^pi_[A-Za-z0-9_]+$/, "Unknown payment"),
});

export type PaymentStart = {
  provider: "test" | "stripe";
  amountCents: number;
  currency: string;
  clientSecret?: string;
  publishableKey?: string;
};

// Card brands as Stripe and the test processor name them ("visa"), as a receipt writes them.
const CARD_BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
  cartes_bancaires: "Cartes Bancaires",
};

/** "Visa ending 4242", or "a card ending 4242" for a brand without a name here; null without the last four. */
export function cardDescription(card: { brand: string | null; last4: string | null }): string | null {
  if (!card.last4) return null;
  return `${(card.brand && CARD_BRANDS[card.brand]) ?? "a card"} ending ${card.last4}`;
}
