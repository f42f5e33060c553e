import { route } from "@/lib/api/route";
import { linkResult } from "@/lib/accounts/link-result";
import { verifyEmailFromLink } from "@/lib/accounts/link-sign-in";

/**
 * The verification link mailed at sign-up: in a browser signed in to the same account it verifies
 * and comes back with a new session, then /verify-email shows the outcome (ADR 044). Anywhere else
 * the link stays unused and /verify-email, given the link, asks the person to sign in first.
 */
export const GET = route("GET /api/account/verify-email", async (request: Request) => {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const setCookies: string[] = [];
  const result = await linkResult(async () => setCookies.push(...(await verifyEmailFromLink(token, request.headers)).setCookies), "verified");
  const location = result === "sign-in" ? `/verify-email?token=${encodeURIComponent(token)}` : `/verify-email?result=${result}`;
  const response = new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
  for (const cookie of setCookies) response.headers.append("set-cookie", cookie);
  return response;
});
