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
};

/** better-auth names customers "user" in the role column; the shop's API says "customer". */
export function toRole(stored: string | null | undefined): Role {
  return stored === "admin" ? "admin" : "customer";
}

export function requireAdmin(actor: Pick<Actor, "role">): void {
  if (actor.role !== "admin") throw new AppError("forbidden", "Only admins can do this.");
}
