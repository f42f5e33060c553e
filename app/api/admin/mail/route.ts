import { requireActor, requireAdmin } from "@/lib/accounts/actor";
import { json, route } from "@/lib/http";
import { listUndeliveredMail } from "@/lib/mail";

/** Mail the shop has not delivered over SMTP yet, with its tries and last error (admins). */
export const GET = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  requireAdmin(actor);
  return json({ items: await listUndeliveredMail(actor) }, { headers: { "cache-control": "private, no-store" } });
});
