import { route } from "@/lib/api/route";
import { changePassword } from "@/lib/accounts/password";
import { json, readJson} from "@/lib/http";
import { passwordChangeSchema } from "@/models/accounts";

/** `{ currentPassword, newPassword }`: every other session is signed out. */
export const POST = route("POST /api/me/password", async (request: Request, _context: unknown, actor) => {
  const input = await readJson(request, passwordChangeSchema);
  await changePassword(actor, input);
  return json({ message: "Password changed. Every other session was signed out." });
});
