import { route } from "@/lib/api/route";
import { findActor } from "@/lib/accounts/actor";
import { confirmEmailChange } from "@/lib/accounts/email-change";
import { linkResult } from "@/lib/accounts/link-result";
import { AppError } from "@/lib/errors";
import { decodeUtf8, mediaTypeOf, parseWith, readBodyBytes } from "@/lib/http";
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
 * The press on /confirm-email (a plain form: `token`): in a browser signed in to the account that
 * asked, the account moves to the new address, then /verify-email shows the outcome. Anywhere else
 * the link stays unused and /confirm-email, given it again, asks the person to sign in first.
 */
export const POST = route("POST /api/account/confirm-email-change", async (request: Request) => {
  // The page's form is the one sender: anything else is a malformed request, answered in the API's way.
  if (mediaTypeOf(request) !== "application/x-www-form-urlencoded") {
    throw new AppError("unsupported_media_type", "Send the form as application/x-www-form-urlencoded, with the field token.");
  }
  const form = new URLSearchParams(decodeUtf8(await readBodyBytes(request, 4096)));
  const { token } = parseWith(linkTokenSchema, { token: form.get("token") ?? undefined });
  // A token that does not work (expired, used, unknown) is a person's link: the page says what happened.
  const browser = await findActor(request.headers);
  const result = await linkResult(() => confirmEmailChange(token, browser), "changed");
  return seeOther(result === "sign-in" ? `/confirm-email?token=${encodeURIComponent(token)}` : `/verify-email?result=${result}`);
});
