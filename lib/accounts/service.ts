import "server-only";
import { toRole, type Actor, type Role } from "./roles";

export type UserView = {
  id: string;
  name: string;
  email: string;
  imageUrl: string | null;
  role: Role;
  emailVerified: boolean;
  disabled: boolean;
};

type UserRow = {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  role?: string | null;
  emailVerified?: boolean | null;
  disabledAt?: Date | string | null;
};

/** An account row (better-auth's user) as the API shows it. */
export function toUserView(row: UserRow): UserView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    imageUrl: row.image ?? null,
    role: toRole(row.role),
    emailVerified: row.emailVerified === true,
    disabled: Boolean(row.disabledAt),
  };
}

/** The account as GET /api/me shows it. */
export function describeActor(actor: Actor): UserView {
  return {
    id: actor.userId,
    name: actor.name,
    email: actor.email,
    imageUrl: actor.imageUrl,
    role: actor.role,
    emailVerified: actor.emailVerified,
    disabled: false,
  };
}
