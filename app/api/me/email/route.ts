import { requireActor } from "@/lib/accounts/actor";
import { requestEmailChange } from "@/lib/accounts/email-change";
import { json, readJson, route } from "@/lib/http";
import { consumeRateLimit } from "@/lib/rate-limit";
import { emailChangeSchema } from "@/models/accounts";

/** `{ email }`: mails a confirmation link to the new address; the account moves once it is opened. */
export const POST = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  const { email } = await readJson(request, emailChangeSchema);
  await consumeRateLimit("emailChange", actor.userId);
  const { sentTo } = await requestEmailChange(actor, email);
  return json({ sentTo, message: `We sent a confirmation link to ${sentTo}. Your address changes once you open it.` }, { status: 202 });
});
