import { route } from "@/lib/api/route";
import { json, readJson} from "@/lib/http";
import { setShipping } from "@/lib/orders/service";
import { shippingSchema } from "@/models/orders";

type Context = { params: Promise<{ id: string }> };

export const PATCH = route("PATCH /api/orders/{id}/shipping", async (request: Request, { params }: Context, actor) => {
  const { id } = await params;
  const { shipped } = await readJson(request, shippingSchema);
  return json(await setShipping(actor, id, shipped));
});
