import { requireActor } from "@/lib/accounts/actor";
import { confirmPhoneNumber, findAccountPhone, removePhoneNumber } from "@/lib/accounts/phone";
import { json, readJson, route } from "@/lib/http";
import { phoneCodeEntrySchema } from "@/models/phone";

/** The account's sign-in phone number, or null. */
export const GET = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  return json(await findAccountPhone(actor));
});

/** Adds (or replaces) the sign-in number with the code texted to it: `{ phoneNumber, code }`. */
export const POST = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  const input = await readJson(request, phoneCodeEntrySchema);
  return json(await confirmPhoneNumber(actor, input, request.headers));
});

/** Removes the sign-in number: phone sign-in stops working for this account. */
export const DELETE = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  return json(await removePhoneNumber(actor));
});
