import { route } from "@/lib/api/route";
import { requestPhoneVerificationCode } from "@/lib/accounts/phone";
import { json, readJson} from "@/lib/http";
import { clientKey } from "@/lib/rate-limit";
import { phoneCodeRequestSchema } from "@/models/phone";

/** Texts a code to a number the signed-in person wants to add: `{ phoneNumber }`. */
export const POST = route("POST /api/me/phone/code", async (request: Request, _context: unknown, actor) => {
  const { phoneNumber } = await readJson(request, phoneCodeRequestSchema);
  await requestPhoneVerificationCode(actor, phoneNumber, clientKey(request.headers));
  return json({ message: "A 6-digit code is on its way. It is valid for 5 minutes." }, { status: 202 });
});
