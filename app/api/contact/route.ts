import { route } from "@/lib/api/route";
import { json, readJson} from "@/lib/http";
import { sendContactMessage } from "@/lib/messages/service";
import { clientKey, withRateLimit } from "@/lib/rate-limit";
import { contactSchema } from "@/models/messages";

export const POST = route("POST /api/contact", async (request: Request) =>
  withRateLimit("contact", clientKey(request.headers), async () => {
    const input = await readJson(request, contactSchema);
    await sendContactMessage(input);
    return json({ message: "Thanks — we'll get back to you" }, { status: 201 });
  }),
);
