import { z } from "zod";
import { emailSchema } from "./accounts";
import { CONFIRM_LINK_INVALID } from "./newsletter-texts";
import { pageQuerySchema, searchTextSchema } from "./paging";
import { textField } from "./text";

const required = (message: string, max: number, lines = false) => textField({ missing: message, max, lines });

export const contactSchema = z.strictObject({
  name: required("Enter your name", 100),
  email: emailSchema,
  company: required("Enter your company name", 120),
  country: required("Enter your country", 80),
  message: required("Write a message", 5000, true),
});
export type ContactInput = z.infer<typeof contactSchema>;

export const newsletterSchema = z.strictObject({
  email: emailSchema,
});
export type NewsletterInput = z.infer<typeof newsletterSchema>;

/** What a person sees for an unsubscribe link that is missing, altered, or for another address. */
export const UNSUBSCRIBE_LINK_INVALID = "This unsubscribe link is not valid. Use the link from the newest mail, or write to us.";

/**
 * A newsletter link's query (`email` and its `token`), also the body its page's button posts: every
 * fault, whatever it is, answered with the one message of that kind of link.
 */
function newsletterLinkSchema(invalid: string) {
  return z.strictObject({
    email: z.string({ error: invalid }).trim().toLowerCase().max(254, invalid).pipe(z.email({ error: invalid })),
    token: z.string({ error: invalid }).trim().min(1, invalid).max(128, invalid),
  });
}

export const unsubscribeSchema = newsletterLinkSchema(UNSUBSCRIBE_LINK_INVALID);
export type UnsubscribeInput = z.infer<typeof unsubscribeSchema>;

export const unsubscribedSchema = z.strictObject({ unsubscribed: z.literal(true) });

export { CONFIRM_LINK_INVALID, NEWSLETTER_CHECK_INBOX } from "./newsletter-texts";

/** A newsletter confirmation link's query, and the body of POST /api/newsletter/confirm. */
export const newsletterConfirmSchema = newsletterLinkSchema(CONFIRM_LINK_INVALID);
export type NewsletterConfirmInput = z.infer<typeof newsletterConfirmSchema>;

export const newsletterConfirmedSchema = z.strictObject({ subscribed: z.literal(true) });

/** Rows on a page of the subscriber list (API and dashboard) unless its URL asks for another size. */
export const SUBSCRIBERS_PAGE_SIZE = 50;

/**
 * The subscriber list's query: paging, `format` (json or a CSV download of the whole list) and `q`, an
 * address to look up. The lookup is of a whole address, lower-cased as addresses are stored: the
 * address's unique index finds it, and there is no trigram index on subscribers for a fragment (ADR 074).
 */
export const subscriberListQuerySchema = pageQuerySchema(SUBSCRIBERS_PAGE_SIZE).extend({
  format: z.enum(["json", "csv"], { error: "Format must be json or csv" }).default("json"),
  q: searchTextSchema.transform((value) => value?.toLowerCase()),
});
export type SubscriberListQuery = z.infer<typeof subscriberListQuerySchema>;

/** The contact message list's query (`GET /api/admin/messages`): paging only, 25 a page by default. */
export const contactMessageListQuerySchema = pageQuerySchema(25);

/** The undelivered mail list's query (`GET /api/admin/mail`): paging only, 50 a page by default. */
export const undeliveredMailListQuerySchema = pageQuerySchema(50);

/** The query of `DELETE /api/admin/subscribers`: the address to erase (in the query, not the path: proxies log paths). */
export const subscriberEraseQuerySchema = z.object({ email: emailSchema });
