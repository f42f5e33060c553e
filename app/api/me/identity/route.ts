import { changeIdentity } from "@/lib/accounts/identity";
import { route } from "@/lib/api/route";
import { json, parseWith, readBodyBytes } from "@/lib/http";
import { readMultipart } from "@/lib/multipart";
import { withRateLimit } from "@/lib/rate-limit";
import { MAX_UPLOAD_BYTES } from "@/lib/storage/images";
import { identityChangeSchema } from "@/models/accounts";

/**
 * The form's values for the schema: a chosen file as its bytes. An empty file input (a browser sends
 * an empty file, some clients an empty text part) means "keep the photo".
 */
async function formValues(form: FormData): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") {
      if (value.size > 0) values[key] = new Uint8Array(await value.arrayBuffer());
    } else if (!(key === "photo" && value === "")) values[key] = value;
  }
  return values;
}

/** Change your name and/or photo (multipart: `name`, `photo`), as registration takes them. Counts as an upload. */
export const PATCH = route("PATCH /api/me/identity", async (request: Request, _context: unknown, actor) =>
  withRateLimit("upload", actor.userId, async () => {
    const form = await readMultipart(request, await readBodyBytes(request, MAX_UPLOAD_BYTES + 64 * 1024));
    const input = parseWith(identityChangeSchema, await formValues(form));
    return json(await changeIdentity(actor, input), { headers: { "cache-control": "private, no-store" } });
  }),
);
