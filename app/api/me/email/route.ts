import { route } from "@/lib/api/route";
import { requestEmailChange } from "@/lib/accounts/email-change";
import { requireRecentSignIn } from "@/lib/accounts/recent-sign-in";
import { json, readJson } from "@/lib/http";
import { consumeRateLimit } from "@/lib/rate-limit";
import { emailChangeSchema } from "@/models/accounts";

/** `{ email }`: mails a confirmation link to the new address; the account moves once it is opened. */
export const POST = route("POST /api/me/email", async (request: Request, _context: unknown, actor) => {
  const { email } = await readJson(request, emailChangeSchema);
  // A stale session is sent to sign in again before it uses up one of the account's tries.
  requireRecentSignIn(actor);
  await consumeRateLimit("emailChange", actor.userId);
  const { sentTo } = await requestEmailChange(actor, email);
  return json({ sentTo, message: `We sent a confirmation link to ${sentTo}. Your address changes once you open it.` }, { status: 202 });
});
