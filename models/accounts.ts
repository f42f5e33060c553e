import { z } from "zod";

export const MIN_PASSWORD = 8;

export const emailSchema = z.string().trim().toLowerCase().max(254, "Enter a valid email").pipe(z.email({ error: "Enter a valid email" }));
export const passwordSchema = z.string().min(MIN_PASSWORD, "Use at least 8 characters").max(128, "Use at most 128 characters");
export const nameSchema = z.string().trim().min(1, "Enter your name").max(80, "Use at most 80 characters");

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Enter your password"),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const registerFieldsSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterFields = z.infer<typeof registerFieldsSchema>;

/** Where to go after signing in: only a path on this site, never another origin. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  return next;
}
