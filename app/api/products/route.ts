import { route } from "@/lib/api/route";
import { revalidateCatalogPages } from "@/app/revalidate-catalog";
import { createProduct, listProducts } from "@/lib/catalog/service";
import { json, parseListQuery, readJson, SHARED_CACHE_CONTROL } from "@/lib/http";
import { productInputSchema, productQuerySchema } from "@/models/catalog";

export const GET = route("GET /api/products", async (request: Request) => {
  const query = parseListQuery(request, productQuerySchema);
  return json(await listProducts(query), { headers: { "cache-control": SHARED_CACHE_CONTROL } });
});

export const POST = route("POST /api/products", async (request: Request, _context: unknown, actor) => {
  const input = await readJson(request, productInputSchema);
  const created = await createProduct(actor, input);
  revalidateCatalogPages();
  return json(created, { status: 201 });
});
