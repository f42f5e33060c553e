import { route } from "@/lib/api/route";
import { signInWithEmailLink } from "@/lib/accounts/link-sign-in";
import { json, readJson} from "@/lib/http";
import { clientKey, consumeRateLimit } from "@/lib/rate-limit";
import { linkTokenSchema } from "@/models/accounts";

/** Signs in with an email link's token (the landing page's button, so mail scanners never use it up). */
export const POST = route("POST /api/account/email-link/sign-in", async (request: Request) => {
  await consumeRateLimit("accountLinkUse", clientKey(request.headers));
  const { token } = await readJson(request, linkTokenSchema);
  const signedIn = await signInWithEmailLink(token, request.headers);
  const response = json({ user: signedIn.user, twoFactorRequired: signedIn.twoFactorRequired });
  for (const cookie of signedIn.setCookies) response.headers.append("set-cookie", cookie);
  return response;
});
