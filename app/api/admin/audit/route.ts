import { route } from "@/lib/api/route";
import { listAudit } from "@/lib/audit/service";
import { json, parseListQuery } from "@/lib/http";
import { auditListQuerySchema } from "@/models/audit";

/**
 * The audit log, newest first: `page`, `pageSize` (≤ 100) and `cursor`; `entity` (one of models/audit.ts
 * AUDIT_SUBJECTS) for one kind of thing, and with it `entityId` for one thing's history.
 */
export const GET = route("GET /api/admin/audit", async (request: Request, _context: unknown, actor) => {
  const query = parseListQuery(request, auditListQuerySchema);
  return json(await listAudit(actor, query), { headers: { "cache-control": "private, no-store" } });
});
