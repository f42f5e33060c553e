import { route } from "@/lib/api/route";
import { json, readJson } from "@/lib/http";
import { subscribeToNewsletter } from "@/lib/messages/confirm";
import { clientKey, withRateLimit } from "@/lib/rate-limit";
import { NEWSLETTER_CHECK_INBOX, newsletterSchema } from "@/models/messages";

export const POST = route("POST /api/newsletter", async (request: Request) =>
  withRateLimit("newsletter", clientKey(request.headers), async () => {
    const input = await readJson(request, newsletterSchema);
    await subscribeToNewsletter(input);
    return json({ message: NEWSLETTER_CHECK_INBOX });
  }),
);
