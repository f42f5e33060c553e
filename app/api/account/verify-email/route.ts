import { linkResult } from "@/lib/accounts/link-result";
import { verifyEmailWithToken } from "@/lib/accounts/verification";
import { route } from "@/lib/http";

/** The verification link mailed at sign-up: verifies, then shows /verify-email with the outcome. */
export const GET = route(async (request: Request) => {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await linkResult(() => verifyEmailWithToken(token), "verified");
  return new Response(null, { status: 303, headers: { location: `/verify-email?result=${result}`, "cache-control": "no-store" } });
});
