import "server-only";
import { AppError } from "@/lib/errors";

export type Role = "customer" | "admin";

/** Who is asking: what every service takes instead of a request. */
export type Actor = {
  userId: string;
  role: Role;
  email: string;
  name: string;
  imageUrl: string | null;
  emailVerified: boolean;
  memberSince: Date;
  /** The session this request came with, and when it was signed in (for "recent sign-in" rules). */
  sessionId: string;
  signedInAt: Date;
  /**
   * An admin by role who has not yet set up two-factor authentication while ADMIN_MFA=required. Until
   * they do, `role` is "customer": no admin page, API or admin-only branch anywhere answers them.
   */
  mustEnrolTwoFactor: boolean;
};

export const ENROL_TWO_FACTOR_MESSAGE =
  "This shop requires admins to use two-factor authentication. Set it up under Sign-in & security, then try again.";

/** better-auth names customers "user" in the role column; the shop's API says "customer". */
export function toRole(stored: string | null | undefined): Role {
  return stored === "admin" ? "admin" : "customer";
}

export function requireAdmin(actor: Pick<Actor, "role"> & Partial<Pick<Actor, "mustEnrolTwoFactor">>): void {
  if (actor.mustEnrolTwoFactor) throw new AppError("forbidden", ENROL_TWO_FACTOR_MESSAGE, undefined, { reason: "two_factor_enrolment_required" });
  if (actor.role !== "admin") throw new AppError("forbidden", "Only admins can do this.");
}
