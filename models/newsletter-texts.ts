// What the newsletter's form and links say, in a module without zod: the home page's form (a client
// component) shows the same answer as the API gives.

/**
 * What the newsletter form says to every sign-up, new or known (ADR 072): true for each (an address
 * already on the list gets no mail; one that asked in the last day has its mail already), and it never
 * tells who is on the list.
 */
export const NEWSLETTER_CHECK_INBOX = "Thanks — unless you're already on the list, check your inbox and confirm from the link we sent.";

/** What a person sees for a confirmation link that is missing, cut short, or for another address. */
export const CONFIRM_LINK_INVALID = "This confirmation link is not valid. Open the whole link from the mail, or write to us.";
