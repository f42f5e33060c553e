import { z } from "zod";
import { emailSchema } from "./accounts";
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

export const unsubscribeSchema = z.strictObject({
  email: z.string({ error: UNSUBSCRIBE_LINK_INVALID }).trim().toLowerCase().max(254, UNSUBSCRIBE_LINK_INVALID).pipe(z.email({ error: UNSUBSCRIBE_LINK_INVALID })),
  token: z.string({ error: UNSUBSCRIBE_LINK_INVALID }).trim().min(1, UNSUBSCRIBE_LINK_INVALID).max(128, UNSUBSCRIBE_LINK_INVALID),
});
export type UnsubscribeInput = z.infer<typeof unsubscribeSchema>;

export const unsubscribedSchema = z.strictObject({ unsubscribed: z.literal(true) });

/** What the newsletter form says to every sign-up, new or known: the form never tells who is on the list. */
export const NEWSLETTER_CHECK_INBOX = "Thanks — check your inbox and confirm to get our offers.";

/** What a person sees for a confirmation link that is missing, altered, or for another address. */
export const CONFIRM_LINK_INVALID = "This confirmation link is not valid. Use the link from the newest mail, or subscribe again.";

/** A newsletter confirmation link's query, and the body of POST /api/newsletter/confirm. */
export const newsletterConfirmSchema = z.strictObject({
  email: z.string({ error: CONFIRM_LINK_INVALID }).trim().toLowerCase().max(254, CONFIRM_LINK_INVALID).pipe(z.email({ error: CONFIRM_LINK_INVALID })),
  token: z.string({ error: CONFIRM_LINK_INVALID }).trim().min(1, CONFIRM_LINK_INVALID).max(128, CONFIRM_LINK_INVALID),
});
export type NewsletterConfirmInput = z.infer<typeof newsletterConfirmSchema>;

export const newsletterConfirmedSchema = z.strictObject({ subscribed: z.literal(true) });
