import { route } from "@/lib/api/route";
import { getCart, putCart } from "@/lib/cart/service";
import { json, readJson } from "@/lib/http";
import { putCartSchema } from "@/models/cart";

const PRIVATE = { "cache-control": "private, no-store" };

export const GET = route("GET /api/cart", async (_request: Request, _context: unknown, actor) => {
  return json(await getCart(actor), { headers: PRIVATE });
});

/** Replaces the account's cart; quantities are held to each product's minimum and stock (422). */
export const PUT = route("PUT /api/cart", async (request: Request, _context: unknown, actor) => {
  const input = await readJson(request, putCartSchema);
  return json(await putCart(actor, input), { headers: PRIVATE });
});
