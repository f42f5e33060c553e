import "server-only";
import { toRole, type Actor, type Role } from "./actor";

export type UserView = { id: string; name: string; email: string; imageUrl: string | null; role: Role };

/** An account row (better-auth's user) as the API shows it. */
export function toUserView(row: { id: string; name: string; email: string; image?: string | null; role?: string | null }): UserView {
  return { id: row.id, name: row.name, email: row.email, imageUrl: row.image ?? null, role: toRole(row.role) };
}

/** The account as GET /api/me shows it. */
export function describeActor(actor: Actor): UserView {
  return { id: actor.userId, name: actor.name, email: actor.email, imageUrl: actor.imageUrl, role: actor.role };
}
