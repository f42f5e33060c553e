import { route } from "@/lib/api/route";
import { json, readJson} from "@/lib/http";
import { listMyOrders, placeOrder } from "@/lib/orders/service";
import { placeOrderSchema } from "@/models/orders";
import { revalidateCatalogPages } from "@/app/revalidate-catalog";

export const GET = route("GET /api/orders", async (request: Request, _context: unknown, actor) => {
  return json({ items: await listMyOrders(actor) }, { headers: { "cache-control": "private, no-store" } });
});

export const POST = route("POST /api/orders", async (request: Request, _context: unknown, actor) => {
  const input = await readJson(request, placeOrderSchema);
  const created = await placeOrder(actor, input);
  revalidateCatalogPages();
  return json(created, { status: 201 });
});
