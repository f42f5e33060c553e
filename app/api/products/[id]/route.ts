import { getProductById } from "@/lib/catalog/service";
import { json, parseWith, route } from "@/lib/http";
import { productIdSchema } from "@/models/catalog";

type Context = { params: Promise<{ id: string }> };

export const GET = route(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  const productId = parseWith(productIdSchema.catch("-"), id);
  return json(await getProductById(productId));
});
