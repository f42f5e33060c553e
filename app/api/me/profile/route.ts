import { route } from "@/lib/api/route";
import { updateProfile } from "@/lib/accounts/profile";
import { json, readJson} from "@/lib/http";
import { profileSchema } from "@/models/profile";

export const PATCH = route("PATCH /api/me/profile", async (request: Request, _context: unknown, actor) => {
  const input = await readJson(request, profileSchema);
  return json(await updateProfile(actor, input));
});
