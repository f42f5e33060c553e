import { z } from "zod";
import { pageQuerySchema, searchTextSchema, type PageQuery } from "./paging";

export const roleChangeSchema = z.strictObject({
  role: z.enum(["customer", "admin"], { error: "Role must be customer or admin" }),
});
export type RoleChange = z.infer<typeof roleChangeSchema>;

export const accountStatusSchema = z
  .strictObject({ disabled: z.boolean({ error: "Send disabled as true or false" }) });
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** Make Admin and GET /api/users: search by a fragment of the name or email, admins only or everyone, paged. */
export const userListQuerySchema = pageQuerySchema(50).extend({
  q: searchTextSchema,
  // Only the admins can be picked out: they are few and indexed; "everyone but the admins" would read every account.
  role: z.literal("admin", { error: "role can only be admin (to list the admins alone)" }).optional(),
});
export type UserListQuery = PageQuery & { q?: string | undefined; role?: "admin" | undefined };
