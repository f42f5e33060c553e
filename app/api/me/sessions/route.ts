import { requireActor } from "@/lib/accounts/actor";
import { listSessions } from "@/lib/accounts/sessions";
import { json, route } from "@/lib/http";

export const GET = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  return json(await listSessions(actor), { headers: { "cache-control": "private, no-store" } });
});
