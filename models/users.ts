import { z } from "zod";

export const roleChangeSchema = z.object({
  role: z.enum(["customer", "admin"], { error: "Role must be customer or admin" }),
});
export type RoleChange = z.infer<typeof roleChangeSchema>;

export const accountStatusSchema = z
  .object({ disabled: z.boolean({ error: "Send disabled as true or false" }) })
  .strict();
export type AccountStatus = z.infer<typeof accountStatusSchema>;
