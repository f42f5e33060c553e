import { requireActor } from "@/lib/accounts/actor";
import { listUsers } from "@/lib/accounts/users";
import { json, route } from "@/lib/http";

export const GET = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  return json({ items: await listUsers(actor) }, { headers: { "cache-control": "private, no-store" } });
});
