import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { AppError } from "@/lib/errors";
import { sameToken } from "@/lib/tokens";
import type { CardInput } from "@/models/payments";

/**
 * The built-in test processor: Stripe's documented test cards give Stripe's outcomes
 * (https://docs.stripe.com/testing#declined-payments), so the same cards behave the same in both modes.
 */
const DECLINES: Record<string, { code: string; message: string }> = {
  "4000000000000002": { code: "card_declined", message: "Your card was declined." },
  "4000000000009995": { code: "insufficient_funds", message: "Your card has insufficient funds." },
  "4000000000000069": { code: "expired_card", message: "Your card has expired." },
  "4000000000000127": { code: "incorrect_cvc", message: "Your card's security code is incorrect." },
  "4000000000000119": {
    code: "processing_error",
    message: "An error occurred while processing your card. Try again in a little bit.",
  },
};
const THREE_D_SECURE_CARD = "4000002500003155";

export type CardSummary = { brand: string; last4: string };
export type TestCharge = { reference: string; card: CardSummary };

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  if (/^6(011|5)/.test(number)) return "discover";
  return "unknown";
}

function assertNotExpired(card: CardInput, now: Date): void {
  // A card is valid through the last day of its expiry month.
  const firstDayAfter = new Date(Date.UTC(card.expYear, card.expMonth, 1));
  if (firstDayAfter.getTime() <= now.getTime()) {
    const message = "Your card's expiration date is in the past.";
    throw new AppError("invalid", message, { "card.expYear": message });
  }
}

/** The 3-D Secure challenge token binds the order, the amount and the card, and is signed by the shop. */
function challengeToken(secret: string, orderId: string, amountCents: number, card: CardSummary, nonce: string): string {
  const mac = createHmac("sha256", secret).update(`${orderId}|${amountCents}|${card.last4}|${nonce}`).digest("base64url");
  return `${nonce}.${mac}`;
}

function validChallenge(secret: string, token: string, orderId: string, amountCents: number, card: CardSummary): boolean {
  const [nonce] = token.split(".");
  if (!nonce) return false;
  return sameToken(challengeToken(secret, orderId, amountCents, card, nonce), token);
}

/** Charges a test card, or throws the processor's answer as an AppError. Never keeps the card number. */
export function chargeTestCard(input: {
  card: CardInput;
  orderId: string;
  amountCents: number;
  secret: string;
  authentication?: { token: string; result: "approve" | "fail" };
  now?: Date;
}): TestCharge {
  const { card } = input;
  assertNotExpired(card, input.now ?? new Date());
  const summary: CardSummary = { brand: cardBrand(card.number), last4: card.number.slice(-4) };

  const decline = DECLINES[card.number];
  if (decline) throw new AppError("payment_declined", decline.message, undefined, { declineCode: decline.code });

  if (card.number === THREE_D_SECURE_CARD) {
    if (!input.authentication) {
      const nonce = randomBytes(9).toString("base64url");
      throw new AppError("authentication_required", "Your bank asks you to confirm this payment.", undefined, {
        authenticationToken: challengeToken(input.secret, input.orderId, input.amountCents, summary, nonce),
      });
    }
    if (!validChallenge(input.secret, input.authentication.token, input.orderId, input.amountCents, summary)) {
      throw new AppError("payment_declined", "The authentication step expired. Start the payment again.", undefined, {
        declineCode: "authentication_invalid",
      });
    }
    if (input.authentication.result === "fail") {
      throw new AppError(
        "payment_declined",
        "We are unable to authenticate your payment method. Choose a different payment method and try again.",
        undefined,
        { declineCode: "authentication_failed" },
      );
    }
  }
  return { reference: testChargeReference(input.orderId, input.amountCents, input.secret), card: summary };
}

/**
 * Like one Stripe PaymentIntent per order and amount: every successful charge of an order's total has
 * the same reference, so two confirmations racing each other record one payment, not two, and a
 * confirmation sent again finds its payment already recorded.
 */
export function testChargeReference(orderId: string, amountCents: number, secret: string): string {
  return `tp_${createHmac("sha256", secret).update(`charge|${orderId}|${amountCents}`).digest("hex").slice(0, 24)}`;
}

/**
 * Refunds a test payment. Like Stripe with an idempotency key, the same key always gives the same
 * refund reference, so a retried refund never refunds twice.
 */
export function refundTestPayment(reference: string, idempotencyKey: string): { reference: string } {
  if (!reference.startsWith("tp_")) throw new Error(`not a test processor payment: ${reference}`);
  return { reference: `tpr_${createHmac("sha256", "toolforge-test-refund").update(idempotencyKey).digest("hex").slice(0, 24)}` };
}
