import { requireActor } from "@/lib/accounts/actor";
import { json, route } from "@/lib/http";
import { listContactMessages } from "@/lib/messages/service";

export const GET = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  return json({ items: await listContactMessages(actor) }, { headers: { "cache-control": "private, no-store" } });
});
