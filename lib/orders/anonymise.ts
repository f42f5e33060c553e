import "server-only";
import { eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { ANONYMISED_ORDER } from "@/models/orders";
import { order } from "@/models/schema";

/**
 * Keeps a deleting customer's orders for the shop's books (totals, lines, payments, dates) while
 * removing who they were: the link to the account and the contact details are erased. Runs inside
 * the account deletion's transaction, before the account row goes (ADR 015). Answers the ids of the
 * orders anonymised.
 */
export async function anonymiseOrdersOfUser(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .update(order)
    .set({
      userId: null,
      email: ANONYMISED_ORDER.email,
      phone: ANONYMISED_ORDER.phone,
      // The address says who and where the person is; the country stays for the books (sales by country).
      shipName: "",
      shipLine1: "",
      shipLine2: "",
      shipCity: "",
      shipRegion: "",
      shipPostalCode: "",
    })
    .where(eq(order.userId, userId))
    .returning({ id: order.id });
  return rows.map((row) => row.id);
}
