import { route } from "@/lib/api/route";
import { requestEmailLink } from "@/lib/accounts/email-link";
import { json, readJson} from "@/lib/http";
import { clientKey, consumeRateLimit } from "@/lib/rate-limit";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";
import { emailRequestSchema } from "@/models/accounts";

/** "Email me a sign-in link": always the same 202 answer, whether or not the address has an account. */
export const POST = route("POST /api/account/email-link", async (request: Request) => {
  await consumeRateLimit("accountEmailRequest", clientKey(request.headers));
  const { email, next } = await readJson(request, emailRequestSchema);
  await consumeRateLimit("accountEmailTo", `link:${email}`);
  requestEmailLink(email, next ?? "/");
  return json({ message: ACCOUNT_MESSAGES.emailLinkRequested }, { status: 202 });
});
