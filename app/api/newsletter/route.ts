import { json, readJson, route } from "@/lib/http";
import { subscribeToNewsletter } from "@/lib/messages/service";
import { clientKey, consumeRateLimit } from "@/lib/rate-limit";
import { newsletterSchema } from "@/models/messages";

export const POST = route(async (request: Request) => {
  consumeRateLimit("newsletter", clientKey(request.headers));
  const input = await readJson(request, newsletterSchema);
  await subscribeToNewsletter(input);
  return json({ message: "Thanks — you're on the list." });
});
