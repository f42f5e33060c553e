import { route } from "@/lib/api/route";
import { json } from "@/lib/http";
import { retryGivenUpMail } from "@/lib/mail/outbox";

/** Queues the mail the worker gave up on again, each with its tries anew (admins): `{ retried }`. */
export const POST = route("POST /api/admin/mail/retry", async (_request: Request, _context: unknown, actor) => {
  return json(await retryGivenUpMail(actor));
});
