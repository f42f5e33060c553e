import { z } from "zod";

export const roleChangeSchema = z.object({
  role: z.enum(["customer", "admin"], { error: "Role must be customer or admin" }),
});
export type RoleChange = z.infer<typeof roleChangeSchema>;
