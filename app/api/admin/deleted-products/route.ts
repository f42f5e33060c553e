import { route } from "@/lib/api/route";
import { listDeletedProducts } from "@/lib/catalog/service";
import { json, parseListQuery } from "@/lib/http";
import { deletedProductListQuerySchema } from "@/models/catalog";

/** The products taken off sale, the most recently deleted first, in pages (`page`, `pageSize` ≤ 100). */
export const GET = route("GET /api/admin/deleted-products", async (request: Request, _context: unknown, actor) => {
  return json(await listDeletedProducts(actor, parseListQuery(request, deletedProductListQuerySchema)), { headers: { "cache-control": "private, no-store" } });
});
