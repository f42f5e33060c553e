import { route } from "@/lib/api/route";
import { json} from "@/lib/http";
import { listAllReviews } from "@/lib/reviews/service";

export const GET = route("GET /api/admin/reviews", async (request: Request, _context: unknown, actor) => {
  return json({ items: await listAllReviews(actor) }, { headers: { "cache-control": "private, no-store" } });
});
