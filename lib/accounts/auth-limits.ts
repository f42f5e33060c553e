import "server-only";
import { clientKey, consumeRateLimit, RateLimitedError, withRateLimit } from "@/lib/rate-limit";

/**
 * better-auth paths (below /api/auth) that try a credential: each attempt counts against the
 * address's sign-in limit, whether it succeeds or not. Plugins that add a way to sign in, or an
 * endpoint that checks the account's password, add its path here.
 */
const SIGN_IN_PATHS = [
  /^\/sign-in\//,
  /^\/two-factor\/verify-/,
  /^\/two-factor\/(enable|disable|generate-backup-codes)$/,
  /^\/phone-number\/verify/,
  /^\/email-otp\/verify-email/,
];
const SIGN_UP_PATHS = [/^\/sign-up\//];

/**
 * Puts the shop's limits in front of better-auth's handler: sign-in attempts per address, accounts
 * created per address (shared with /api/register; a refused sign-up does not use up the allowance).
 * A 429 from better-auth's own limiter is answered like ours: with Retry-After and a message that
 * says when to try again.
 */
export async function limitAuthRequest(request: Request, handle: () => Promise<Response>): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth(?=\/)/, "");
  const key = clientKey(request.headers);
  let response: Response;
  if (request.method === "POST" && SIGN_UP_PATHS.some((pattern) => pattern.test(path))) {
    response = await withRateLimit("registration", key, handle, (answer) => answer.ok);
  } else {
    if (request.method === "POST" && SIGN_IN_PATHS.some((pattern) => pattern.test(path))) await consumeRateLimit("signIn", key);
    response = await handle();
  }
  // better-auth's limiter marks its 429s with X-Retry-After: answer those like ours. A plugin's own
  // 429 (two-factor's temporary lock) passes through with its code, which the sign-in form explains.
  const retryAfter = response.headers.get("x-retry-after");
  if (response.status === 429 && retryAfter !== null) throw new RateLimitedError(Number(retryAfter) || 60);
  return response;
}
