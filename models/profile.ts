import { z } from "zod";
import { phoneSchema } from "./orders";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date (no 31 February), in the past, and not before 1900. */
export function isRealPastDate(value: string, today = new Date()): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  const startOfToday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return real && year >= 1900 && date.getTime() < startOfToday;
}

export const profileSchema = z.strictObject({
  education: z.string({ error: "Enter your education" }).trim().min(1, "Enter your education").max(120, "Use at most 120 characters"),
  address: z.string({ error: "Enter your address" }).trim().min(1, "Enter your address").max(300, "Use at most 300 characters"),
  phone: phoneSchema,
  birthday: z
    .string({ error: "Enter your date of birth" })
    .trim()
    .min(1, "Enter your date of birth")
    .refine((v) => isRealPastDate(v), "Enter a real date in the past, e.g. 1990-04-25"),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export type ProfileView = { education: string | null; address: string | null; phone: string | null; birthday: string | null };
