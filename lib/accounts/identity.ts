import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { invalidatePublicReviews } from "@/lib/reviews/service";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";
import { PHOTO_REQUIRED, type IdentityChange } from "@/models/accounts";
import { user } from "@/models/schema";
import { discardAccountPhoto, storeAccountPhoto } from "./photo";
import type { Actor } from "./roles";
import { toUserView, type UserView } from "./service";

/**
 * Changes the actor's own name, photo, or both (the seed's accounts:update with displayName and
 * photoUrl; better-auth's update-user stays closed, ADR 014). A new photo is checked and re-encoded
 * exactly as at registration and stored first; the account row is then updated in one transaction.
 * If that fails, the new photo is removed again; once it has committed, the photo it replaced is
 * removed. Reviews show their author's name and photo, so the public reviews are dropped from the
 * caches. No audit entry: the change is the person's own, to their own name and photo.
 */
export async function changeIdentity(actor: Actor, input: IdentityChange): Promise<UserView> {
  if (input.name === undefined && input.photo === undefined) {
    throw new AppError("invalid", "Enter your name or add a profile photo", { name: "Enter your name", photo: PHOTO_REQUIRED });
  }
  if (input.photo !== undefined && input.photo.byteLength === 0) {
    throw new AppError("invalid", PHOTO_REQUIRED, { photo: PHOTO_REQUIRED });
  }
  const photoUrl = input.photo ? await storeAccountPhoto(input.photo) : null;

  let changed: { row: typeof user.$inferSelect; replacedImage: string | null };
  try {
    const db = await getDb();
    changed = await db.transaction(async (tx) => {
      // Locked, so that of two changes at once each removes exactly the photo it replaced.
      const [current] = await tx.select({ image: user.image }).from(user).where(eq(user.id, actor.userId)).for("update");
      if (!current) throw new AppError("not_found", ACCOUNT_MESSAGES.gone);
      const [row] = await tx
        .update(user)
        .set({ ...(input.name !== undefined && { name: input.name }), ...(photoUrl !== null && { image: photoUrl }), updatedAt: new Date() })
        .where(eq(user.id, actor.userId))
        .returning();
      if (!row) throw new AppError("not_found", ACCOUNT_MESSAGES.gone);
      return { row, replacedImage: photoUrl !== null ? current.image : null };
    });
  } catch (error) {
    await discardAccountPhoto(photoUrl, "identity change not saved");
    throw error;
  }

  invalidatePublicReviews();
  if (changed.replacedImage !== photoUrl) await discardAccountPhoto(changed.replacedImage, "replaced by a new photo");
  // The role as GET /api/me says it (an admin still to set up required two-factor acts as a customer).
  return { ...toUserView(changed.row), role: actor.role };
}
