import { z } from "zod";
import { requireActor } from "@/lib/accounts/actor";
import { listAudit } from "@/lib/audit/service";
import { json, parseQuery, route } from "@/lib/http";

const querySchema = z.object({ page: z.coerce.number().int().min(1, "Page must be at least 1").max(10_000).default(1) });

export const GET = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  const { page } = parseQuery(request, querySchema);
  return json(await listAudit(actor, page), { headers: { "cache-control": "private, no-store" } });
});
