import "server-only";
import { getEnv } from "@/lib/env";
import type { Mail } from "@/lib/mail";
import { formatMoney } from "@/lib/money/format";
import { formatCount } from "@/models/count";
import { formatDateTime } from "@/models/dates";
import type { OrderView } from "@/models/orders";
import { cardDescription } from "@/models/payments";

// The start of the subjects of the shop's own notices about a customer's order, which answer to the
// customer: an account deletion removes their outbox copies with the customer's other mail.
const PAID_ORDER_NOTICE = "Paid order ";
const REFUND_FAILED_NOTICE = "Refund failed for order ";
export const SHOP_NOTICES_ABOUT_A_CUSTOMER = [PAID_ORDER_NOTICE, REFUND_FAILED_NOTICE] as const;

function lineTexts(order: OrderView): string[] {
  return order.items.map((line) => `${formatCount(line.quantity)} × ${line.productName} at ${formatMoney(line.unitPriceCents, order.currency)}`);
}

/**
 * The order's number and when it was placed (and, on a receipt, paid), at the top of a customer's mail:
 * the subject does not always travel with the text (a printed, pasted or forwarded body), and a receipt
 * is matched to a bank statement by the day it was paid.
 */
function orderHeading(order: OrderView, { paid = false }: { paid?: boolean } = {}): string[] {
  return [
    `Order ${order.number}`,
    `Placed ${formatDateTime(order.createdAt)}`,
    ...(paid && order.paidAt ? [`Paid ${formatDateTime(order.paidAt)}`] : []),
  ];
}

function totals(order: OrderView): string[] {
  return [
    `Subtotal: ${formatMoney(order.subtotalCents, order.currency)}`,
    `Shipping: ${order.shippingCents === 0 ? "Free" : formatMoney(order.shippingCents, order.currency)}`,
    `Total: ${formatMoney(order.totalCents, order.currency)}`,
  ];
}

function address(order: OrderView): string[] {
  const a = order.shippingAddress;
  return [a.name, a.line1, a.line2, [a.postalCode, a.city].filter(Boolean).join(" "), a.region, a.country].filter(Boolean);
}

function orderLink(order: OrderView): string {
  return `${getEnv().appUrl}/dashboard/orders/${encodeURIComponent(order.id)}`;
}

/** The end of the mails about an order that closed unpaid (cancelled, expired): what it held, and its page. */
function closedUnpaid(order: OrderView): string[] {
  return [...lineTexts(order), `Total: ${formatMoney(order.totalCents, order.currency)}`, "", orderLink(order)];
}

const BACK_TO_CARD = "The money goes back to the card you paid with; your bank may take a few days to show it.";

export function confirmationMail(order: OrderView, customerName: string): Mail {
  return {
    to: order.email,
    subject: `Your ToolForge order ${order.number}`,
    text: [
      `Thank you for your order, ${customerName}.`,
      "",
      ...orderHeading(order),
      "",
      ...lineTexts(order),
      ...totals(order),
      "",
      "Shipping to:",
      ...address(order),
      "",
      ...(order.expiresAt
        ? [`The order is reserved for you until ${formatDateTime(order.expiresAt)}. Pay for it by then, or it expires and the units go back on sale:`]
        : ["The order is reserved for you and waits for payment:"]),
      orderLink(order),
    ].join("\n"),
  };
}

export function receiptMail(order: OrderView, card: { brand: string | null; last4: string | null }): Mail {
  const paidWith = cardDescription(card);
  return {
    to: order.email,
    subject: `Receipt for your ToolForge order ${order.number}`,
    text: [
      "Thank you — your payment was received.",
      "",
      ...orderHeading(order, { paid: true }),
      "",
      ...lineTexts(order),
      ...totals(order),
      `Paid${paidWith ? ` with ${paidWith}` : ""}. Payment reference: ${order.paymentRef ?? ""}`,
      "",
      "We will email you again when the order ships. Your receipt:",
      orderLink(order),
    ].join("\n"),
  };
}

/**
 * Tells the shop (each address of its inbox) that an order was paid and waits to be shipped: what to
 * pack, where it goes and the customer's number, with the order's page. Reply goes to the customer.
 */
/** `replyTo`: the customer's address now (an account's may have changed since the order was placed). */
export function paidOrderNoticeMail(order: OrderView, to: string, replyTo: string): Mail {
  const appUrl = getEnv().appUrl;
  return {
    to,
    replyTo,
    subject: `${PAID_ORDER_NOTICE}${order.number} to ship: ${formatMoney(order.totalCents, order.currency)}`,
    text: [
      `Order ${order.number} was paid by ${order.email}. To pack:`,
      "",
      ...lineTexts(order),
      `Total: ${formatMoney(order.totalCents, order.currency)}`,
      "",
      "Ship to:",
      ...address(order),
      `Contact number: ${order.phone}`,
      "",
      `The order, where you mark it shipped: ${orderLink(order)}`,
      `Every paid order waiting to ship: ${appUrl}/dashboard/manageOrder?status=paid&shipping=pending`,
      "",
      "Reply to this mail to write to the customer.",
    ].join("\n"),
  };
}

export function shippedMail(order: OrderView): Mail {
  return {
    to: order.email,
    subject: `Your ToolForge order ${order.number} has shipped`,
    text: [
      "Good news — your order is on its way.",
      "",
      ...orderHeading(order),
      "",
      ...lineTexts(order),
      "",
      "Shipping to:",
      ...address(order),
      "",
      orderLink(order),
    ].join("\n"),
  };
}

/** The shop took back a "shipped" it had sent: the customer was told the order is on its way. */
export function notShippedMail(order: OrderView): Mail {
  return {
    to: order.email,
    subject: `Your ToolForge order ${order.number} has not shipped yet`,
    text: [
      `We told you that your order ${order.number} had shipped, but it has not left us yet: that was our mistake.`,
      "It is still paid for and waiting to ship. We will write again as soon as it is on its way.",
      "",
      orderLink(order),
    ].join("\n"),
  };
}

export function refundMail(order: OrderView): Mail {
  return {
    to: order.email,
    subject: `Refund for your ToolForge order ${order.number}`,
    text: [
      `We refunded ${formatMoney(order.totalCents, order.currency)} for your order ${order.number}.`,
      order.refundReason ? `Reason: ${order.refundReason}` : "",
      "",
      BACK_TO_CARD,
      orderLink(order),
    ].join("\n"),
  };
}

/**
 * To the shop: the processor could not return a refund's money (a closed card account, a bank refusing
 * the credit), for the order's own payment (`stray` false: the order says refunded and the customer was
 * told so) or for a payment the order could not take (`stray`). An admin must pay the customer back
 * another way; replies go to the customer (`replyTo`: their address now).
 */
export function refundFailedNoticeMail(
  order: OrderView,
  refund: { amountCents: number; currency: string; reason: string | null; stray: boolean },
  to: string,
  replyTo: string,
): Mail {
  const amount = formatMoney(refund.amountCents, refund.currency);
  const stripeSays = refund.reason ? ` (Stripe says: ${refund.reason})` : "";
  return {
    to,
    replyTo,
    subject: `${REFUND_FAILED_NOTICE}${order.number}: ${amount} did not reach the customer`,
    text: [
      refund.stray
        ? `A payment of ${amount} came for order ${order.number}, which could not take it, and Stripe could not refund it to the card${stripeSays}.`
        : `Stripe could not return ${amount} to the card that paid order ${order.number}${stripeSays}.`,
      refund.stray
        ? "The customer has not got the money back; they were told the shop will pay it back."
        : "The customer has not got the money back, although the order shows refunded and the customer was told it was.",
      "Pay them back another way (a bank transfer, for one) and write to them: reply to this mail.",
      "",
      `The order: ${orderLink(order)}`,
    ].join("\n"),
  };
}

/** `by`: who cancelled it, the customer themself or the shop (an admin). */
export function cancelledMail(order: OrderView, by: "customer" | "shop"): Mail {
  return {
    to: order.email,
    subject: `Your ToolForge order ${order.number} is cancelled`,
    text: [
      by === "customer" ? `You cancelled your order ${order.number}.` : `We cancelled your order ${order.number}.`,
      "It was not paid, so nothing was charged, and the units it held are back on sale.",
      "",
      ...closedUnpaid(order),
    ].join("\n"),
  };
}

/**
 * The bank refused a payment that was on its way (a debit): the customer was told the receipt would
 * follow, so they hear it failed; the order either waits until its own hold ends for another payment,
 * or, that time being past, has closed.
 */
export function settlingPaymentFailedMail(order: OrderView, { closed }: { closed: boolean }): Mail {
  return {
    to: order.email,
    subject: `The payment for your ToolForge order ${order.number} did not go through`,
    text: [
      `Your bank did not complete the payment for order ${order.number}, so nothing was charged.`,
      closed || !order.expiresAt
        ? "The time to pay for the order has passed, so it is closed and the units it held are back on sale. To buy these tools after all, place a new order."
        : `The order is kept for you until ${formatDateTime(order.expiresAt)}: pay for it another way on its page before then. After that it closes and the units it holds go back on sale.`,
      "",
      ...closedUnpaid(order),
    ].join("\n"),
  };
}

export function expiredMail(order: OrderView): Mail {
  return {
    to: order.email,
    subject: `Your ToolForge order ${order.number} has expired`,
    text: [
      `Your order ${order.number} was not paid in time, so it has expired and the units it held are back on sale.`,
      "Nothing was charged. To buy these tools after all, place a new order.",
      "",
      ...closedUnpaid(order),
    ].join("\n"),
  };
}

/** A payment the order could not take (closed, or paid already), refunded in full at once. */
export function strayRefundMail(order: OrderView, refund: { amountCents: number; currency: string }): Mail {
  const why: Record<OrderView["status"], string> = {
    // An unpaid order refuses a payment only when it is not for the order's total.
    unpaid: "it was not for the order's total, so the order is still waiting for its payment",
    paid: "the order was already paid",
    refunded: "the order was already paid",
    cancelled: "the order had been cancelled",
    expired: "the order had expired",
  };
  return {
    to: order.email,
    subject: `Refund of a payment for your ToolForge order ${order.number}`,
    text: [
      `We refunded your payment of ${formatMoney(refund.amountCents, refund.currency)} for order ${order.number}: ${why[order.status]}.`,
      "",
      BACK_TO_CARD,
      orderLink(order),
    ].join("\n"),
  };
}
