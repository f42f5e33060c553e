import { route } from "@/lib/api/route";
import { json } from "@/lib/http";
import { listUndeliveredMail } from "@/lib/mail";

/** Mail the shop has not delivered over SMTP yet, with its tries and last error (admins). */
export const GET = route("GET /api/admin/mail", async (_request: Request, _context: unknown, actor) => {
  return json({ items: await listUndeliveredMail(actor) }, { headers: { "cache-control": "private, no-store" } });
});
