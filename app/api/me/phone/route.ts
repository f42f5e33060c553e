import { route } from "@/lib/api/route";
import { confirmPhoneNumber, findAccountPhone, removePhoneNumber } from "@/lib/accounts/phone";
import { json, readJson} from "@/lib/http";
import { phoneCodeEntrySchema } from "@/models/phone";

/** The account's sign-in phone number, or null. */
export const GET = route("GET /api/me/phone", async (request: Request, _context: unknown, actor) => {
  return json(await findAccountPhone(actor));
});

/** Adds (or replaces) the sign-in number with the code texted to it: `{ phoneNumber, code }`. */
export const POST = route("POST /api/me/phone", async (request: Request, _context: unknown, actor) => {
  const input = await readJson(request, phoneCodeEntrySchema);
  return json(await confirmPhoneNumber(actor, input, request.headers));
});

/** Removes the sign-in number: phone sign-in stops working for this account. */
export const DELETE = route("DELETE /api/me/phone", async (request: Request, _context: unknown, actor) => {
  return json(await removePhoneNumber(actor));
});
