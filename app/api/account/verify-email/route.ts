import { route } from "@/lib/api/route";
import { linkResult } from "@/lib/accounts/link-result";
import { verifyEmailWithToken } from "@/lib/accounts/verification";

/** The verification link mailed at sign-up: verifies, then shows /verify-email with the outcome. */
export const GET = route("GET /api/account/verify-email", async (request: Request) => {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await linkResult(() => verifyEmailWithToken(token), "verified");
  return new Response(null, { status: 303, headers: { location: `/verify-email?result=${result}`, "cache-control": "no-store" } });
});
