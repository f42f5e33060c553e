import { revalidateCatalogPages } from "@/app/revalidate-catalog";
import { requireActor } from "@/lib/accounts/actor";
import { createProduct, listProducts } from "@/lib/catalog/service";
import { json, parseQuery, readJson, route, SHARED_CACHE_CONTROL } from "@/lib/http";
import { productInputSchema, productQuerySchema } from "@/models/catalog";

export const GET = route(async (request: Request) => {
  const query = parseQuery(request, productQuerySchema);
  return json(await listProducts(query), { headers: { "cache-control": SHARED_CACHE_CONTROL } });
});

export const POST = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  const input = await readJson(request, productInputSchema);
  const created = await createProduct(actor, input);
  revalidateCatalogPages();
  return json(created, { status: 201 });
});
