import { route } from "@/lib/api/route";
import { joinCart } from "@/lib/cart/service";
import { json, readJson } from "@/lib/http";
import { putCartSchema } from "@/models/cart";

/**
 * At sign-in, the browser's cart joins the account's (lib/cart/service.ts joinCart): products off
 * sale are kept and named, quantities that no longer fit stay for the cart page to mark. Answers the cart.
 */
export const POST = route("POST /api/cart/join", async (request: Request, _context: unknown, actor) => {
  const input = await readJson(request, putCartSchema);
  return json(await joinCart(actor, input), { headers: { "cache-control": "private, no-store" } });
});
