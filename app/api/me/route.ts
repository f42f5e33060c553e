import { route } from "@/lib/api/route";
import { deleteAccount } from "@/lib/accounts/delete-account";
import { getProfile } from "@/lib/accounts/profile";
import { describeActor } from "@/lib/accounts/service";
import { json} from "@/lib/http";

export const GET = route("GET /api/me", async (request: Request, _context: unknown, actor) => {
  return json({ ...describeActor(actor), profile: await getProfile(actor) }, { headers: { "cache-control": "private, no-store" } });
});

/** Deletes your account (signed in within the last 10 minutes); your orders stay, anonymised. */
export const DELETE = route("DELETE /api/me", async (request: Request, _context: unknown, actor) => {
  return json(await deleteAccount(actor));
});
