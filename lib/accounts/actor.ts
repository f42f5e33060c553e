import "server-only";
import { getAuth } from "@/lib/auth";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { toRole, type Actor } from "./roles";

export { ENROL_TWO_FACTOR_MESSAGE, requireAdmin, toRole, type Actor, type Role } from "./roles";

/**
 * The signed-in actor for these request headers (session cookie or bearer token), or null. A
 * disabled account has no sessions left, and is treated as signed out even if one slipped through.
 */
export async function findActor(headers: Headers): Promise<Actor | null> {
  const auth = await getAuth();
  const found = await auth.api.getSession({ headers });
  if (!found) return null;
  const { user, session } = found;
  if (user.disabledAt) return null;
  const storedRole = toRole(user.role);
  const mustEnrolTwoFactor = storedRole === "admin" && getEnv().ADMIN_MFA === "required" && user.twoFactorEnabled !== true;
  return {
    userId: user.id,
    role: mustEnrolTwoFactor ? "customer" : storedRole,
    mustEnrolTwoFactor,
    email: user.email,
    name: user.name,
    imageUrl: user.image ?? null,
    emailVerified: user.emailVerified,
    memberSince: new Date(user.createdAt),
    sessionId: session.id,
    signedInAt: new Date(session.createdAt),
  };
}

export async function requireActor(headers: Headers): Promise<Actor> {
  const actor = await findActor(headers);
  if (!actor) throw new AppError("unauthenticated", "Sign in to continue.");
  return actor;
}
