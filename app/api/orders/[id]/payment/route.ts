import { route } from "@/lib/api/route";
import { json} from "@/lib/http";
import { startPayment } from "@/lib/payments/service";

type Context = { params: Promise<{ id: string }> };

export const POST = route("POST /api/orders/{id}/payment", async (request: Request, { params }: Context, actor) => {
  const { id } = await params;
  return json(await startPayment(actor, id), { headers: { "cache-control": "no-store" } });
});
