/**
 * A refused card's message: the processor's reason ("Your card was declined.") and what the customer
 * can do next. The order itself is untouched: it stays unpaid and payable (PRODUCT.md, payments).
 */
export function declinedMessage(reason: string, declineCode?: string): string {
  // A processing error is not a refusal: its reason already says to try again (PRODUCT.md §4).
  if (declineCode === "processing_error") return `${reason} Your order waits, unpaid, in My Orders.`;
  return `${reason} Try another card, or ask your bank why it was refused. Your order waits, unpaid, in My Orders.`;
}
