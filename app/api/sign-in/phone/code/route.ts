import { route } from "@/lib/api/route";
import { PHONE_CODE_SENT_MESSAGE, requestPhoneSignInCode } from "@/lib/accounts/phone";
import { json, readJson} from "@/lib/http";
import { clientKey } from "@/lib/rate-limit";
import { phoneCodeRequestSchema } from "@/models/phone";

/** Texts a sign-in code: `{ phoneNumber }` in E.164 form. Same answer whether or not an account has the number. */
export const POST = route("POST /api/sign-in/phone/code", async (request: Request) => {
  const { phoneNumber } = await readJson(request, phoneCodeRequestSchema);
  await requestPhoneSignInCode(phoneNumber, clientKey(request.headers));
  return json({ message: PHONE_CODE_SENT_MESSAGE }, { status: 202 });
});
