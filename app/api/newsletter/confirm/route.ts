import { route } from "@/lib/api/route";
import { json, readJson } from "@/lib/http";
import { confirmNewsletter } from "@/lib/messages/confirm";
import { newsletterConfirmSchema } from "@/models/messages";

/** Confirms a newsletter sign-up with the token of the link the sign-up mailed: `{ email, token }`. */
export const POST = route("POST /api/newsletter/confirm", async (request: Request) =>
  json(await confirmNewsletter(await readJson(request, newsletterConfirmSchema))),
);
