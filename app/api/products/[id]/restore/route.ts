import { route } from "@/lib/api/route";
import { revalidateCatalogPages } from "@/app/revalidate-catalog";
import { restoreProduct } from "@/lib/catalog/service";
import { json, parseWith } from "@/lib/http";
import { productIdSchema } from "@/models/catalog";

type Context = { params: Promise<{ id: string }> };

/** Puts a deleted product back on sale (admins), as it was when it was deleted. */
export const POST = route("POST /api/products/{id}/restore", async (_request: Request, { params }: Context, actor) => {
  const { id } = await params;
  // An id that cannot exist is simply not found, like any unknown id.
  const restored = await restoreProduct(actor, parseWith(productIdSchema.catch("-"), id));
  revalidateCatalogPages();
  return json(restored);
});
