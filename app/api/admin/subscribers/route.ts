import { z } from "zod";
import { route } from "@/lib/api/route";
import { json, parseListQuery } from "@/lib/http";
import { listSubscribers, subscribersCsv } from "@/lib/messages/service";
import { pageQuerySchema } from "@/models/paging";

const querySchema = pageQuerySchema(50).extend({
  format: z.enum(["json", "csv"], { error: "Format must be json or csv" }).default("json"),
});

/**
 * The newsletter list as JSON pages (`page`, `pageSize` ≤ 100, `cursor`), or with ?format=csv the whole
 * list as a CSV download, streamed batch by batch.
 */
export const GET = route("GET /api/admin/subscribers", async (request: Request, _context: unknown, actor) => {
  const { format, ...query } = parseListQuery(request, querySchema);
  if (format === "csv") {
    const batches = await subscribersCsv(actor);
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await batches.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await batches.return(undefined);
      },
    });
    return new Response(body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": 'attachment; filename="toolforge-subscribers.csv"',
        "cache-control": "private, no-store",
      },
    });
  }
  return json(await listSubscribers(actor, query), { headers: { "cache-control": "private, no-store" } });
});
