import { route } from "@/lib/api/route";
import { json, readJson} from "@/lib/http";
import { subscribeToNewsletter } from "@/lib/messages/service";
import { clientKey, withRateLimit } from "@/lib/rate-limit";
import { newsletterSchema } from "@/models/messages";

export const POST = route("POST /api/newsletter", async (request: Request) =>
  withRateLimit("newsletter", clientKey(request.headers), async () => {
    const input = await readJson(request, newsletterSchema);
    await subscribeToNewsletter(input);
    return json({ message: "Thanks — you're on the list." });
  }),
);
