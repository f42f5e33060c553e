import { route } from "@/lib/api/route";
import { resetPasswordAndSignIn } from "@/lib/accounts/link-sign-in";
import { json, readJson} from "@/lib/http";
import { clientKey, consumeRateLimit } from "@/lib/rate-limit";
import { passwordResetSchema } from "@/models/accounts";

/** A reset link's new password: every other session ends, this browser is signed in. */
export const POST = route("POST /api/account/password-reset/confirm", async (request: Request) => {
  await consumeRateLimit("accountLinkUse", clientKey(request.headers));
  const input = await readJson(request, passwordResetSchema);
  const signedIn = await resetPasswordAndSignIn(input, request.headers);
  const response = json({
    user: signedIn.user,
    twoFactorRequired: signedIn.twoFactorRequired,
    message: signedIn.twoFactorRequired
      ? "Password changed, and every session was signed out. Enter a code from your authenticator app to sign in."
      : "Password changed. You are signed in, and every other session was signed out.",
  });
  for (const cookie of signedIn.setCookies) response.headers.append("set-cookie", cookie);
  return response;
});
