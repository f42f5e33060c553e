import { limitAuthRequest } from "@/lib/accounts/auth-limits";
import { authRoute } from "@/lib/api/route";
import { withJsonBody } from "@/lib/http";
import { getAuth } from "@/lib/auth";
import { plainAuthMessage } from "@/models/account-messages";

/** better-auth's error answers `{ code, message }` keep their shape, with the shop's plain words. */
async function withPlainMessage(response: Response): Promise<Response> {
  if (response.status < 400 || !response.headers.get("content-type")?.includes("application/json")) return response;
  const body = (await response.clone().json().catch(() => null)) as { code?: string; message?: string } | null;
  const message = plainAuthMessage(body?.code);
  if (!body || !message || message === body.message) return response;
  return withJsonBody(response, { ...body, message });
}

// Only the better-auth endpoints listed in lib/accounts/auth-routes.ts answer; every other path is 404.
// Those that do answer sit behind the shop's sign-in and sign-up limits (lib/accounts/auth-limits.ts).
// A path listed as signed-in is refused (401) before better-auth reads the body.
const handle = authRoute(async (request: Request) => withPlainMessage(await limitAuthRequest(request, async () => (await getAuth()).handler(request))),
);

export { handle as GET, handle as POST };
