import "server-only";
import type { Actor, Role } from "./actor";

export type UserView = { id: string; name: string; email: string; imageUrl: string | null; role: Role };

/** The account as GET /api/me shows it. */
export function describeActor(actor: Actor): UserView {
  return { id: actor.userId, name: actor.name, email: actor.email, imageUrl: actor.imageUrl, role: actor.role };
}
