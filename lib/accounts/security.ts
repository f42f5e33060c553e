import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { account, user } from "@/models/schema";
import type { Actor } from "./actor";

export type SecurityOverview = { twoFactorEnabled: boolean; hasPassword: boolean; phoneNumber: string | null };

/** What the account security page shows about the second factor and the sign-in phone number. */
export async function getSecurityOverview(actor: Actor): Promise<SecurityOverview> {
  const db = await getDb();
  const [[row], [credential]] = await Promise.all([
    db
      .select({ twoFactorEnabled: user.twoFactorEnabled, phoneNumber: user.phoneNumber, phoneNumberVerified: user.phoneNumberVerified })
      .from(user)
      .where(eq(user.id, actor.userId)),
    db
      .select({ id: account.id })
      .from(account)
      .where(and(eq(account.userId, actor.userId), eq(account.providerId, "credential")))
      .limit(1),
  ]);
  return {
    twoFactorEnabled: row?.twoFactorEnabled === true,
    hasPassword: Boolean(credential),
    phoneNumber: row?.phoneNumberVerified ? (row.phoneNumber ?? null) : null,
  };
}
