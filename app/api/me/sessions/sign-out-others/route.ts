import { route } from "@/lib/api/route";
import { revokeOtherSessions } from "@/lib/accounts/sessions";
import { json} from "@/lib/http";

/** Signs out every session of yours but this one. */
export const POST = route("POST /api/me/sessions/sign-out-others", async (request: Request, _context: unknown, actor) => {
  return json(await revokeOtherSessions(actor));
});
