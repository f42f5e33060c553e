/**
 * A refused card's message: the processor's reason ("Your card was declined.") and what the customer
 * can do next. The order itself is untouched: it stays unpaid and payable (PRODUCT.md, payments).
 */
export function declinedMessage(reason: string): string {
  return `${reason} Try another card, or ask your bank why it was refused. Your order waits, unpaid, in My Orders.`;
}
