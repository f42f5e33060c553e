import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import type { ProfileInput, ProfileView } from "@/models/profile";
import { profile } from "@/models/schema";
import type { Actor } from "./actor";

const EMPTY: ProfileView = { education: null, address: null, phone: null, birthday: null };

export async function getProfile(actor: Actor): Promise<ProfileView> {
  const db = await getDb();
  const [row] = await db.select().from(profile).where(eq(profile.userId, actor.userId));
  if (!row) return EMPTY;
  return { education: row.education, address: row.address, phone: row.phone, birthday: row.birthday };
}

/** Saves the actor's own profile details (all four fields, as the seed's form requires). */
export async function updateProfile(actor: Actor, input: ProfileInput): Promise<ProfileView> {
  const db = await getDb();
  const values = { education: input.education, address: input.address, phone: input.phone, birthday: input.birthday, updatedAt: new Date() };
  await db
    .insert(profile)
    .values({ userId: actor.userId, ...values })
    .onConflictDoUpdate({ target: profile.userId, set: values });
  return getProfile(actor);
}
