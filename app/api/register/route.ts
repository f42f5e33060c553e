import { route, withoutBearerForBrowser } from "@/lib/api/route";
import { registerCustomer } from "@/lib/accounts/register";
import { json, readBodyBytes } from "@/lib/http";
import { readMultipart } from "@/lib/multipart";
import { clientKey, withRateLimit } from "@/lib/rate-limit";
import { MAX_UPLOAD_BYTES } from "@/lib/storage/images";

const REGISTER_FIELDS = new Set(["name", "email", "password", "photo"]);

/** Registration with a profile photo in one request (multipart: name, email, password, photo). */
export const POST = route("POST /api/register", async (request: Request) =>
  withRateLimit("registration", clientKey(request.headers), async () => {
    const form = await readMultipart(request, await readBodyBytes(request, MAX_UPLOAD_BYTES + 64 * 1024));
    const photo = form.get("photo");
    const otherFields = [...new Set(form.keys())].filter((name) => !REGISTER_FIELDS.has(name));
    const registered = await registerCustomer({
      name: form.get("name"),
      email: form.get("email"),
      password: form.get("password"),
      photo: photo instanceof Blob && photo.size > 0 ? new Uint8Array(await photo.arrayBuffer()) : null,
      otherFields,
      requestHeaders: request.headers,
    });
    const response = json({ user: registered.user }, { status: 201 });
    for (const cookie of registered.setCookies) response.headers.append("set-cookie", cookie);
    if (registered.authToken) {
      response.headers.set("set-auth-token", registered.authToken);
      response.headers.set("access-control-expose-headers", "set-auth-token");
    }
    return withoutBearerForBrowser(request, response);
  }),
);
