import { route } from "@/lib/api/route";
import { requestPasswordReset } from "@/lib/accounts/password-reset";
import { json, readJson } from "@/lib/http";
import { clientKey, consumeRateLimit } from "@/lib/rate-limit";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";
import { passwordResetRequestSchema } from "@/models/accounts";

/** "Forgot password?": always the same 202 answer, whether or not the address has an account. */
export const POST = route("POST /api/account/password-reset", async (request: Request) => {
  await consumeRateLimit("accountEmailRequest", clientKey(request.headers));
  const { email } = await readJson(request, passwordResetRequestSchema);
  await consumeRateLimit("accountEmailTo", `reset:${email}`);
  requestPasswordReset(email);
  return json({ message: ACCOUNT_MESSAGES.resetRequested }, { status: 202 });
});
