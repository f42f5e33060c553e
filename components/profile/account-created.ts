import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { getAuth } from "@/lib/auth";

/**
 * When the signed-in account was created, for "Member since". The actor does not carry it, so this
 * reads the session once more (once per render, thanks to cache()).
 */
export const findAccountCreatedAt = cache(async (): Promise<Date | null> => {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: await headers() });
  return session ? new Date(session.user.createdAt) : null;
});
