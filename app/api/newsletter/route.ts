import { json, readJson, route } from "@/lib/http";
import { subscribeToNewsletter } from "@/lib/messages/service";
import { newsletterSchema } from "@/models/messages";

export const POST = route(async (request: Request) => {
  const input = await readJson(request, newsletterSchema);
  await subscribeToNewsletter(input);
  return json({ message: "Thanks — you're on the list." });
});
