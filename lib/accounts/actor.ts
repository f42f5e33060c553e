import "server-only";
import { getAuth } from "@/lib/auth";
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
};

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
  return {
    userId: user.id,
    role: toRole(user.role),
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
  if (actor.role !== "admin") throw new AppError("forbidden", "Only admins can do this.");
}
