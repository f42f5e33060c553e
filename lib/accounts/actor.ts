import "server-only";
import { getAuth } from "@/lib/auth";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";

export type Role = "customer" | "admin";

/** Who is asking: what every service takes instead of a request. */
export type Actor = {
  userId: string;
  role: Role;
  email: string;
  name: string;
  imageUrl: string | null;
  memberSince: Date;
  /**
   * An admin by role who has not yet set up two-factor authentication while ADMIN_MFA=required. Until
   * they do, `role` is "customer": no admin page, API or admin-only branch anywhere answers them.
   */
  mustEnrolTwoFactor: boolean;
};

export const ENROL_TWO_FACTOR_MESSAGE =
  "This shop requires admins to use two-factor authentication. Set it up under Account security, then try again.";

/** better-auth's admin plugin names customers "user"; the shop's API says "customer". */
export function toRole(stored: string | null | undefined): Role {
  return stored === "admin" ? "admin" : "customer";
}

/** The signed-in actor for these request headers (session cookie or bearer token), or null. */
export async function findActor(headers: Headers): Promise<Actor | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const { user } = session;
  const storedRole = toRole(user.role);
  const mustEnrolTwoFactor = storedRole === "admin" && getEnv().ADMIN_MFA === "required" && user.twoFactorEnabled !== true;
  return {
    userId: user.id,
    role: mustEnrolTwoFactor ? "customer" : storedRole,
    mustEnrolTwoFactor,
    email: user.email,
    name: user.name,
    imageUrl: user.image ?? null,
    memberSince: new Date(user.createdAt),
  };
}

export async function requireActor(headers: Headers): Promise<Actor> {
  const actor = await findActor(headers);
  if (!actor) throw new AppError("unauthenticated", "Sign in to continue.");
  return actor;
}

export function requireAdmin(actor: Actor): void {
  if (actor.mustEnrolTwoFactor) throw new AppError("forbidden", ENROL_TWO_FACTOR_MESSAGE, undefined, { reason: "two_factor_enrolment_required" });
  if (actor.role !== "admin") throw new AppError("forbidden", "Only admins can do this.");
}
