import { requireActor } from "@/lib/accounts/actor";
import { json, readJson, route } from "@/lib/http";
import { setShipping } from "@/lib/orders/service";
import { shippingSchema } from "@/models/orders";

type Context = { params: Promise<{ id: string }> };

export const PATCH = route(async (request: Request, { params }: Context) => {
  const actor = await requireActor(request.headers);
  const { id } = await params;
  const { shipped } = await readJson(request, shippingSchema);
  return json(await setShipping(actor, id, shipped));
});
