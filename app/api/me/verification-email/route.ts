import { requireActor } from "@/lib/accounts/actor";
import { resendVerificationEmail } from "@/lib/accounts/verification";
import { json, route } from "@/lib/http";
import { consumeRateLimit } from "@/lib/rate-limit";

/** The reminder's "Send the link again" button (3 per 15 minutes per account). */
export const POST = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  await consumeRateLimit("verificationEmail", actor.userId);
  const { sentTo } = await resendVerificationEmail(actor);
  return json({ sentTo, message: `We sent a new link to ${sentTo}.` }, { status: 202 });
});
