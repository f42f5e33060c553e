import "server-only";
import { eq } from "drizzle-orm";
import { requireAdmin, type Actor } from "@/lib/accounts/actor";
import { recordAudit } from "@/lib/audit/service";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { forgetMailMatching } from "@/lib/mail";
import { CONFIRMATION_SUBJECT } from "./confirm";
import { CONTACT_SUBJECT_START } from "./service";
import { contactMessage, newsletterSubscriber } from "@/models/schema";

// Erasure requests for what is not tied to an account (ADR 015): an admin deletes the row for good.
// These are a person's words and address, not the shop's books, so nothing is kept but the audit
// entry, and it holds no personal data: the row's id and its dates, never the address, name or text,
// nor a hash of them (a hash of an address is found again by hashing guesses). ADR 074.

/** Deletes one contact message (admins), with an audit entry in the same transaction; 404 for an unknown id. */
export async function eraseContactMessage(actor: Actor, messageId: string): Promise<void> {
  requireAdmin(actor);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [erased] = await tx.delete(contactMessage).where(eq(contactMessage.id, messageId)).returning({ createdAt: contactMessage.createdAt, email: contactMessage.email, message: contactMessage.message });
    if (!erased) throw new AppError("not_found", "No contact message with this id. It may have been deleted already.");
    await recordAudit(tx, actor, {
      action: "message.erase",
      entity: "message",
      entityId: messageId,
      before: { receivedAt: erased.createdAt.toISOString() },
    });
    // The copy the shop's inbox was sent, as the outbox keeps it (the one in the admins' mail program is theirs to delete).
    await forgetMailMatching(tx, { replyTo: erased.email, subjectStart: CONTACT_SUBJECT_START, textHolds: erased.message });
  });
}

/**
 * Deletes a newsletter address (admins), confirmed or not, with an audit entry in the same
 * transaction; 404 when no sign-up has it. The entry is filed under the row's id, which dies with it.
 */
export async function eraseSubscriber(actor: Actor, email: string): Promise<void> {
  requireAdmin(actor);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [erased] = await tx
      .delete(newsletterSubscriber)
      .where(eq(newsletterSubscriber.email, email.toLowerCase()))
      .returning({ id: newsletterSubscriber.id, createdAt: newsletterSubscriber.createdAt, confirmedAt: newsletterSubscriber.confirmedAt });
    if (!erased) throw new AppError("not_found", "No newsletter sign-up has this address. It may have been deleted already.", { email: "No newsletter sign-up has this address" });
    await recordAudit(tx, actor, {
      action: "subscriber.erase",
      entity: "subscriber",
      entityId: erased.id,
      before: { signedUpAt: erased.createdAt.toISOString(), confirmedAt: erased.confirmedAt?.toISOString() ?? null },
    });
    // Its confirmation mails, sent or waiting: the Mail page must not show the address, nor send it again.
    await forgetMailMatching(tx, { to: email.toLowerCase(), subjectStart: CONFIRMATION_SUBJECT });
  });
}
