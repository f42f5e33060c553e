import { route } from "@/lib/api/route";
import { signInWithPhoneCode } from "@/lib/accounts/phone";
import { json, readJson} from "@/lib/http";
import { phoneCodeEntrySchema } from "@/models/phone";

/** Signs in with a texted code: `{ phoneNumber, code }`. With two-factor on, answers `{ twoFactorRequired: true }` instead of a session. */
export const POST = route("POST /api/sign-in/phone", async (request: Request) => {
  const input = await readJson(request, phoneCodeEntrySchema);
  const signedIn = await signInWithPhoneCode(input, request.headers);
  const response = json({ twoFactorRequired: signedIn.twoFactorRequired });
  for (const cookie of signedIn.setCookies) response.headers.append("set-cookie", cookie);
  return response;
});
