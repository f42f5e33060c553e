import { z } from "zod";

export const roleChangeSchema = z.strictObject({
  role: z.enum(["customer", "admin"], { error: "Role must be customer or admin" }),
});
export type RoleChange = z.infer<typeof roleChangeSchema>;

export const accountStatusSchema = z
  .strictObject({ disabled: z.boolean({ error: "Send disabled as true or false" }) });
export type AccountStatus = z.infer<typeof accountStatusSchema>;
