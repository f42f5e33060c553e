import { route } from "@/lib/api/route";
import { json, parseListQuery } from "@/lib/http";
import { eraseSubscriber } from "@/lib/messages/erase";
import { listSubscribers, subscribersCsv } from "@/lib/messages/service";
import { subscriberEraseQuerySchema, subscriberListQuerySchema } from "@/models/messages";

/**
 * The newsletter list as JSON pages (`page`, `pageSize` ≤ 100, `cursor`; `q` looks one address up), or
 * with ?format=csv the whole list as a CSV download, streamed batch by batch.
 */
export const GET = route("GET /api/admin/subscribers", async (request: Request, _context: unknown, actor) => {
  const { format, q, ...query } = parseListQuery(request, subscriberListQuerySchema);
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
  return json(await listSubscribers(actor, { ...query, q }), { headers: { "cache-control": "private, no-store" } });
});

/**
 * Erases a newsletter address for good (admins, 204): `?email=`, in the query so that no proxy's log of
 * paths keeps it; 404 when no sign-up has it (ADR 074).
 */
export const DELETE = route("DELETE /api/admin/subscribers", async (request: Request, _context: unknown, actor) => {
  const { email } = parseListQuery(request, subscriberEraseQuerySchema);
  await eraseSubscriber(actor, email);
  return new Response(null, { status: 204 });
});
