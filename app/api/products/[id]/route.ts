import { revalidateCatalogPages } from "@/app/revalidate-catalog";
import { requireActor } from "@/lib/accounts/actor";
import { deleteProduct, getProductById, updateProduct } from "@/lib/catalog/service";
import { json, parseWith, readJson, route, SHARED_CACHE_CONTROL } from "@/lib/http";
import { productIdSchema, productPatchSchema } from "@/models/catalog";

type Context = { params: Promise<{ id: string }> };

async function productIdFrom(params: Context["params"]): Promise<string> {
  const { id } = await params;
  // An id that cannot exist is simply not found, like any unknown id.
  return parseWith(productIdSchema.catch("-"), id);
}

export const GET = route(async (_request: Request, { params }: Context) => {
  return json(await getProductById(await productIdFrom(params)), { headers: { "cache-control": SHARED_CACHE_CONTROL } });
});

export const PATCH = route(async (request: Request, { params }: Context) => {
  const actor = await requireActor(request.headers);
  const id = await productIdFrom(params);
  const patch = await readJson(request, productPatchSchema);
  const updated = await updateProduct(actor, id, patch);
  revalidateCatalogPages();
  return json(updated);
});

export const DELETE = route(async (request: Request, { params }: Context) => {
  const actor = await requireActor(request.headers);
  await deleteProduct(actor, await productIdFrom(params));
  revalidateCatalogPages();
  return new Response(null, { status: 204 });
});
