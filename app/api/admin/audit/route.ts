import { route } from "@/lib/api/route";
import { z } from "zod";
import { listAudit } from "@/lib/audit/service";
import { json, parseQuery} from "@/lib/http";

const querySchema = z.object({ page: z.coerce.number().int().min(1, "Page must be at least 1").max(10_000).default(1) });

export const GET = route("GET /api/admin/audit", async (request: Request, _context: unknown, actor) => {
  const { page } = parseQuery(request, querySchema);
  return json(await listAudit(actor, page), { headers: { "cache-control": "private, no-store" } });
});
