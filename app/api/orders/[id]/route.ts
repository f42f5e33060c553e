import { route } from "@/lib/api/route";
import { json} from "@/lib/http";
import { cancelOrder, getOrderFor } from "@/lib/orders/service";
import { revalidateCatalogPages } from "@/app/revalidate-catalog";

type Context = { params: Promise<{ id: string }> };

export const GET = route("GET /api/orders/{id}", async (request: Request, { params }: Context, actor) => {
  const { id } = await params;
  return json(await getOrderFor(actor, id), { headers: { "cache-control": "private, no-store" } });
});

export const DELETE = route("DELETE /api/orders/{id}", async (request: Request, { params }: Context, actor) => {
  const { id } = await params;
  await cancelOrder(actor, id);
  revalidateCatalogPages();
  return new Response(null, { status: 204 });
});
