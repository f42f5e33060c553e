import { requireActor } from "@/lib/accounts/actor";
import { updateProfile } from "@/lib/accounts/profile";
import { json, readJson, route } from "@/lib/http";
import { profileSchema } from "@/models/profile";

export const PATCH = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  const input = await readJson(request, profileSchema);
  return json(await updateProfile(actor, input));
});
