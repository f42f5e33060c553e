import { route } from "@/lib/api/route";
import { json} from "@/lib/http";
import { listSubscribers, subscribersToCsv } from "@/lib/messages/service";

/** The newsletter list as JSON, or as a CSV download with ?format=csv. */
export const GET = route("GET /api/admin/subscribers", async (request: Request, _context: unknown, actor) => {
  const items = await listSubscribers(actor);
  if (new URL(request.url).searchParams.get("format") === "csv") {
    return new Response(subscribersToCsv(items), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": 'attachment; filename="toolforge-subscribers.csv"',
        "cache-control": "private, no-store",
      },
    });
  }
  return json({ items }, { headers: { "cache-control": "private, no-store" } });
});
