import { route } from "@/lib/api/route";
import { revalidateCatalogPages } from "@/app/revalidate-catalog";
import { deleteProduct, getProductById, updateProduct } from "@/lib/catalog/service";
import { json, parseWith, readJson, SHARED_CACHE_CONTROL } from "@/lib/http";
import { productIdSchema, productPatchSchema } from "@/models/catalog";

type Context = { params: Promise<{ id: string }> };

async function productIdFrom(params: Context["params"]): Promise<string> {
  const { id } = await params;
  // An id that cannot exist is simply not found, like any unknown id.
  return parseWith(productIdSchema.catch("-"), id);
}

export const GET = route("GET /api/products/{id}", async (_request: Request, { params }: Context) => {
  return json(await getProductById(await productIdFrom(params)), { headers: { "cache-control": SHARED_CACHE_CONTROL } });
});

export const PATCH = route("PATCH /api/products/{id}", async (request: Request, { params }: Context, actor) => {
  const id = await productIdFrom(params);
  const patch = await readJson(request, productPatchSchema);
  const updated = await updateProduct(actor, id, patch);
  revalidateCatalogPages();
  return json(updated);
});

export const DELETE = route("DELETE /api/products/{id}", async (request: Request, { params }: Context, actor) => {
  await deleteProduct(actor, await productIdFrom(params));
  revalidateCatalogPages();
  return new Response(null, { status: 204 });
});
