import { requireActor } from "@/lib/accounts/actor";
import { json, route } from "@/lib/http";
import { startPayment } from "@/lib/payments/service";

type Context = { params: Promise<{ id: string }> };

export const POST = route(async (request: Request, { params }: Context) => {
  const actor = await requireActor(request.headers);
  const { id } = await params;
  return json(await startPayment(actor, id), { headers: { "cache-control": "no-store" } });
});
