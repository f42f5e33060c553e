import { requireActor } from "@/lib/accounts/actor";
import { deleteAccount } from "@/lib/accounts/delete-account";
import { getProfile } from "@/lib/accounts/profile";
import { describeActor } from "@/lib/accounts/service";
import { json, route } from "@/lib/http";

export const GET = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  return json({ ...describeActor(actor), profile: await getProfile(actor) }, { headers: { "cache-control": "private, no-store" } });
});

/** Deletes your account (signed in within the last 10 minutes); your orders stay, anonymised. */
export const DELETE = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  return json(await deleteAccount(actor));
});
