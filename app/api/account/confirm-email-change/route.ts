import { route } from "@/lib/api/route";
import { confirmEmailChange } from "@/lib/accounts/email-change";
import { linkResult } from "@/lib/accounts/link-result";

/** The link mailed to a new address: the account moves to it, then /verify-email shows the outcome. */
export const GET = route("GET /api/account/confirm-email-change", async (request: Request) => {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await linkResult(() => confirmEmailChange(token), "changed");
  return new Response(null, { status: 303, headers: { location: `/verify-email?result=${result}`, "cache-control": "no-store" } });
});
