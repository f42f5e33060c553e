import { route } from "@/lib/api/route";
import { linkResult } from "@/lib/accounts/link-result";
import { verifyEmailFromLink } from "@/lib/accounts/link-sign-in";

/**
 * The verification link mailed at sign-up: verifies, then shows /verify-email with the outcome. A
 * browser signed in to the same account comes back with a new session (ADR 044).
 */
export const GET = route("GET /api/account/verify-email", async (request: Request) => {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const setCookies: string[] = [];
  const result = await linkResult(async () => setCookies.push(...(await verifyEmailFromLink(token, request.headers)).setCookies), "verified");
  const response = new Response(null, { status: 303, headers: { location: `/verify-email?result=${result}`, "cache-control": "no-store" } });
  for (const cookie of setCookies) response.headers.append("set-cookie", cookie);
  return response;
});
