import { requireActor } from "@/lib/accounts/actor";
import { changePassword } from "@/lib/accounts/password";
import { json, readJson, route } from "@/lib/http";
import { passwordChangeSchema } from "@/models/accounts";

/** `{ currentPassword, newPassword }`: every other session is signed out. */
export const POST = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  const input = await readJson(request, passwordChangeSchema);
  await changePassword(actor, input);
  return json({ message: "Password changed. Every other session was signed out." });
});
