import "server-only";
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { getEnv, resolveAuthSecret } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { sameToken } from "@/lib/tokens";
import { UNSUBSCRIBE_LINK_INVALID, unsubscribeSchema, type UnsubscribeInput } from "@/models/messages";
import { newsletterSubscriber } from "@/models/schema";

// The purpose is part of the signed text, so a token made with the same secret for anything else
// (a payment, a session, the newsletter's confirmation link) is never an unsubscribe token.
const PURPOSE = "toolforge:newsletter-unsubscribe:v1\n";

/** A newsletter link's token: `purpose` (a line of its own) and the address, signed with the shop's secret. */
export function newsletterLinkToken(secret: string, purpose: string, email: string): string {
  return createHmac("sha256", secret).update(purpose + email.toLowerCase()).digest("base64url");
}

function tokenFor(secret: string, email: string): string {
  return newsletterLinkToken(secret, PURPOSE, email);
}

/** The token that proves an unsubscribe link was made by the shop for this address. It never expires. */
export function unsubscribeToken(email: string): string {
  return tokenFor(resolveAuthSecret(getEnv()), email);
}

/**
 * A maker of a subscriber's two unsubscribe addresses that reads the secret once, for the CSV export's
 * many rows: `page`, the link to put in a mail's text (it asks before anything changes), and
 * `oneClick`, the address for a mail's `List-Unsubscribe` header with `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click` (RFC 8058: the mail provider posts to it). Both carry the same query.
 */
export function unsubscribeUrlMaker(): (email: string) => { page: string; oneClick: string } {
  const env = getEnv();
  const { appUrl } = env;
  const secret = resolveAuthSecret(env);
  return (email) => {
    const query = new URLSearchParams({ email: email.toLowerCase(), token: tokenFor(secret, email) });
    return { page: `${appUrl}/newsletter/unsubscribe?${query}`, oneClick: `${appUrl}/api/newsletter/unsubscribe?${query}` };
  };
}

/** The page a subscriber opens from a mail: it asks before anything changes (mail scanners open links). */
export function unsubscribeUrl(email: string): string {
  return unsubscribeUrlMaker()(email).page;
}

/** Whether `token` was made for `email`, compared in constant time. */
export function isValidUnsubscribeToken(email: string, token: string): boolean {
  return sameToken(unsubscribeToken(email), token);
}

/**
 * Removes an address from the newsletter with the token of its link. An address that is already
 * gone gets the same answer, so a second press (or RFC 8058's one-click POST after the page's) is fine.
 */
export async function unsubscribeFromNewsletter(input: UnsubscribeInput): Promise<{ unsubscribed: true }> {
  const { email, token } = unsubscribeSchema.parse(input);
  if (!isValidUnsubscribeToken(email, token)) throw new AppError("invalid", UNSUBSCRIBE_LINK_INVALID, { token: UNSUBSCRIBE_LINK_INVALID });
  const db = await getDb();
  await db.delete(newsletterSubscriber).where(eq(newsletterSubscriber.email, email));
  return { unsubscribed: true };
}
