import "server-only";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import type { ContactInput, NewsletterInput } from "@/models/messages";
import { contactMessage, newsletterSubscriber } from "@/models/schema";

/** Stores a message sent through the contact form. */
export async function sendContactMessage(input: ContactInput): Promise<{ id: string }> {
  const db = await getDb();
  const id = newId("msg");
  await db.insert(contactMessage).values({ id, ...input });
  return { id };
}

/**
 * Subscribes an address once. The answer is the same whether it was new or already known, so the
 * form cannot be used to find out who subscribed.
 */
export async function subscribeToNewsletter(input: NewsletterInput): Promise<void> {
  const db = await getDb();
  await db
    .insert(newsletterSubscriber)
    .values({ id: newId("sub"), email: input.email.toLowerCase() })
    .onConflictDoNothing({ target: newsletterSubscriber.email });
}
