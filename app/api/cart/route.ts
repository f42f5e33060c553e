import { requireActor } from "@/lib/accounts/actor";
import { getCart, putCart } from "@/lib/cart/service";
import { json, readJson, route } from "@/lib/http";
import { putCartSchema } from "@/models/cart";

const PRIVATE = { "cache-control": "private, no-store" };

export const GET = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  return json(await getCart(actor), { headers: PRIVATE });
});

export const PUT = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  const input = await readJson(request, putCartSchema);
  return json(await putCart(actor, input), { headers: PRIVATE });
});
