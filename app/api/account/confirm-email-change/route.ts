import { route } from "@/lib/api/route";
import { confirmEmailChange } from "@/lib/accounts/email-change";
import { linkResult } from "@/lib/accounts/link-result";
import { readBodyBytes } from "@/lib/http";
import { linkTokenSchema } from "@/models/accounts";

const seeOther = (location: string) => new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });

/**
 * A link mailed before the confirmation page existed: opening it changes nothing (a mail scanner may
 * be the one opening it) and leads to the page that asks for the press.
 */
export const GET = route("GET /api/account/confirm-email-change", async (request: Request) => {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return seeOther(`/confirm-email?token=${encodeURIComponent(token)}`);
});

/**
 * The press on /confirm-email (a plain form: `token`): the account moves to the new address,
 * then /verify-email shows the outcome.
 */
export const POST = route("POST /api/account/confirm-email-change", async (request: Request) => {
  const form = new URLSearchParams(new TextDecoder().decode(await readBodyBytes(request, 4096)));
  const parsed = linkTokenSchema.safeParse({ token: form.get("token") ?? "" });
  // A form without a usable token is a link that does not work: the page says so, as for a bad link.
  const result = parsed.success ? await linkResult(() => confirmEmailChange(parsed.data.token), "changed") : "invalid";
  return seeOther(`/verify-email?result=${result}`);
});
