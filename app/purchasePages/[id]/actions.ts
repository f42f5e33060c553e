"use server";

import { headers } from "next/headers";
import { revalidateCatalogPages } from "@/app/revalidate-catalog";
import { findActor } from "@/lib/accounts/actor";
import { isAppError } from "@/lib/errors";
import { parseWith } from "@/lib/http";
import { log } from "@/lib/log";
import { placeOrder } from "@/lib/orders/service";
import { idempotencyKeySchema, placeOrderSchema } from "@/models/orders";

export type PlaceOrderResult =
  | { ok: true; orderId: string }
  | { ok: false; message: string; fields?: Record<string, string>; signedOut?: true };

/**
 * The purchase page's form submits here. Same service as POST /api/orders; expected failures
 * (validation, stock changed, signed out) come back as a result the form can show, never as a throw.
 * Next refuses server-action calls whose Origin is not this host, as route() does for the API.
 */
export async function placeOrderAction(input: unknown, idempotencyKey: unknown): Promise<PlaceOrderResult> {
  try {
    const actor = await findActor(await headers());
    // Signed out meanwhile (in another tab, say): the page is still there, the session is not.
    if (!actor) return { ok: false, message: "You are not signed in any more. Sign in again (Login, at the top) to place this order.", signedOut: true };
    const key = parseWith(idempotencyKeySchema, idempotencyKey);
    const placed = await placeOrder(actor, parseWith(placeOrderSchema, input), key);
    revalidateCatalogPages();
    return { ok: true, orderId: placed.order.id };
  } catch (error) {
    if (isAppError(error)) {
      return error.fields ? { ok: false, message: error.message, fields: error.fields } : { ok: false, message: error.message };
    }
    log("error", "placing an order failed", { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    return { ok: false, message: "Something went wrong on our side. Please try again." };
  }
}
