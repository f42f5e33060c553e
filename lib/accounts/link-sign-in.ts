import "server-only";
import { getAuth } from "@/lib/auth";
import type { PasswordReset } from "@/models/accounts";

/**
 * A sign-in through a mailed link. With two-factor authentication on, no session is made yet:
 * `twoFactorRequired` is true and the cookies start the second step (/login?step=two-factor).
 */
export type SignedIn = { user: { id: string; email: string; name: string } | null; twoFactorRequired: boolean; setCookies: string[] };

function signedInFrom(response: unknown, headers: Headers): SignedIn {
  const body = response as { user?: SignedIn["user"]; twoFactorRedirect?: boolean };
  return { user: body.user ?? null, twoFactorRequired: body.twoFactorRedirect === true, setCookies: headers.getSetCookie() };
}

/**
 * Signs this browser in with an email link (single use, 15 minutes). The token is checked and used
 * up by lib/accounts/email-link.ts inside better-auth's server-only endpoint, which then sets the
 * session cookie: the Set-Cookie lines come back for the route to pass on.
 */
export async function signInWithEmailLink(token: string, requestHeaders: Headers): Promise<SignedIn> {
  const auth = await getAuth();
  const { headers, response } = await auth.api.signInWithEmailLink({ body: { token }, headers: requestHeaders, returnHeaders: true });
  return signedInFrom(response, headers);
}

/**
 * Chooses a new password with a reset link (single use, 1 hour): every session of the account ends
 * and this browser is signed in with the new password's fresh session.
 */
export async function resetPasswordAndSignIn(input: PasswordReset, requestHeaders: Headers): Promise<SignedIn> {
  const auth = await getAuth();
  const { headers, response } = await auth.api.resetPasswordAndSignIn({
    body: { token: input.token, password: input.password },
    headers: requestHeaders,
    returnHeaders: true,
  });
  return signedInFrom(response, headers);
}

/**
 * Opens a verification link in the browser with these headers (ADR 044). A browser signed in to the
 * same account gets a new session, made after the proof: its Set-Cookie lines come back for the
 * route to pass on (none otherwise).
 */
export async function verifyEmailFromLink(token: string, requestHeaders: Headers): Promise<{ setCookies: string[] }> {
  const auth = await getAuth();
  const { headers } = await auth.api.verifyEmailFromLink({ body: { token }, headers: requestHeaders, returnHeaders: true });
  return { setCookies: headers.getSetCookie() };
}
