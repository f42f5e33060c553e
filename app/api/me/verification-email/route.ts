import { route } from "@/lib/api/route";
import { resendVerificationEmail } from "@/lib/accounts/verification";
import { json} from "@/lib/http";
import { consumeRateLimit } from "@/lib/rate-limit";

/** The reminder's "Send the link again" button (3 per 15 minutes per account). */
export const POST = route("POST /api/me/verification-email", async (request: Request, _context: unknown, actor) => {
  await consumeRateLimit("verificationEmail", actor.userId);
  const { sentTo } = await resendVerificationEmail(actor);
  return json({ sentTo, message: `We sent a new link to ${sentTo}.` }, { status: 202 });
});
