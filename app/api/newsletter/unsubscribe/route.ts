import { route } from "@/lib/api/route";
import { AppError } from "@/lib/errors";
import { decodeUtf8, json, mediaTypeOf, parseWith, readBodyBytes, readJson } from "@/lib/http";
import { unsubscribeFromNewsletter } from "@/lib/messages/unsubscribe";
import { unsubscribeSchema } from "@/models/messages";

/**
 * Leaves the newsletter: `{ email, token }` as JSON (the unsubscribe page), or RFC 8058's one-click
 * POST from a mail client, `List-Unsubscribe=One-Click` form-encoded with email and token in the query
 * (https://www.rfc-editor.org/rfc/rfc8058#section-3.1).
 */
export const POST = route("POST /api/newsletter/unsubscribe", async (request: Request) => {
  if (mediaTypeOf(request) === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams(decodeUtf8(await readBodyBytes(request, 1024)));
    if (form.get("List-Unsubscribe") !== "One-Click") throw new AppError("bad_request", "A form-encoded unsubscribe must be List-Unsubscribe=One-Click.");
    const query = new URL(request.url).searchParams;
    const input = parseWith(unsubscribeSchema, { email: query.get("email") ?? undefined, token: query.get("token") ?? undefined });
    return json(await unsubscribeFromNewsletter(input));
  }
  return json(await unsubscribeFromNewsletter(await readJson(request, unsubscribeSchema)));
});
