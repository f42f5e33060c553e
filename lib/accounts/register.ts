import "server-only";
import { isAPIError } from "better-auth/api";
import { getAuth } from "@/lib/auth";
import { AppError } from "@/lib/errors";
import { parseWith } from "@/lib/http";
import { deleteImage } from "@/lib/storage";
import { registerFieldsSchema } from "@/models/accounts";
import { storeAccountPhoto } from "./photo";
import { toUserView, type UserView } from "./service";

export type RegisterInput = {
  name: unknown;
  email: unknown;
  password: unknown;
  photo: Uint8Array | null;
  /** The names of any other fields the form sent: each is refused, as the strict JSON schemas do. */
  otherFields?: readonly string[];
  /** The browser's headers: the new session records its device and address for the session list. */
  requestHeaders?: Headers;
};
export type Registered = { user: UserView; setCookies: string[]; /** For API clients (bearer plugin). */ authToken: string | null };

/**
 * Creates an account with its profile photo: the one way to sign up (better-auth's own sign-up
 * endpoint is closed, ADR 014). The photo is checked and stored first; if the account cannot be
 * created the stored photo is removed again, so a failed registration leaves nothing behind. The
 * account starts unverified and is mailed a verification link (lib/accounts/auth-plugin.ts).
 */
export async function registerCustomer(input: RegisterInput): Promise<Registered> {
  const parsed = registerFieldsSchema.safeParse({ name: input.name, email: input.email, password: input.password });
  const fields: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
  }
  if (!input.photo || input.photo.byteLength === 0) fields.photo = "Add a profile photo";
  for (const name of input.otherFields ?? []) fields[name] ??= `Unknown field "${name}"`;
  if (!parsed.success || Object.keys(fields).length > 0) {
    throw new AppError("invalid", Object.values(fields)[0] ?? "Check the highlighted fields.", fields);
  }
  const values = parseWith(registerFieldsSchema, parsed.data);

  const photoUrl = await storeAccountPhoto(input.photo as Uint8Array);

  const auth = await getAuth();
  try {
    const { headers, response } = await auth.api.signUpEmail({
      body: { name: values.name, email: values.email, password: values.password, image: photoUrl },
      headers: input.requestHeaders,
      returnHeaders: true,
    });
    return {
      user: toUserView(response.user as typeof response.user & { role?: string | null }),
      setCookies: headers.getSetCookie(),
      authToken: headers.get("set-auth-token"),
    };
  } catch (error) {
    await deleteImage(photoUrl);
    // isAPIError, not instanceof: Next may bundle better-auth's error class more than once.
    if (isAPIError(error)) {
      const code = (error.body as { code?: string } | undefined)?.code ?? "";
      if (code.includes("ALREADY_EXISTS")) {
        throw new AppError("conflict", "An account with this email already exists. Sign in instead.", {
          email: "An account with this email already exists.",
        });
      }
      throw new AppError("invalid", error.message || "The account could not be created.");
    }
    throw error;
  }
}
