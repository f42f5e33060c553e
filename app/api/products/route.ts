import { listProducts } from "@/lib/catalog/service";
import { json, parseQuery, route } from "@/lib/http";
import { productQuerySchema } from "@/models/catalog";

export const GET = route(async (request: Request) => {
  const query = parseQuery(request, productQuerySchema);
  return json(await listProducts(query));
});
