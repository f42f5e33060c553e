import { z } from "zod";
import { parseCalendarDate } from "./dates";
import { phoneSchema } from "./orders";
import { textField } from "./text";

/** A real calendar date (no 31 February), in the past, and not before 1900. */
export function isRealPastDate(value: string, today = new Date()): boolean {
  const date = parseCalendarDate(value);
  if (!date) return false;
  const startOfToday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return date.getUTCFullYear() >= 1900 && date.getTime() < startOfToday;
}

/** The latest birthday isRealPastDate accepts: yesterday, in UTC like the check (the form's `max`). */
export function latestBirthday(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1)).toISOString().slice(0, 10);
}

export const profileSchema = z.strictObject({
  education: textField({ missing: "Enter your education", max: 120 }),
  address: textField({ missing: "Enter your address", max: 300, lines: true }),
  phone: phoneSchema,
  birthday: z
    .string({ error: "Enter your date of birth" })
    .trim()
    .min(1, "Enter your date of birth")
    .refine((v) => isRealPastDate(v), "Enter a real date between 1900 and yesterday, e.g. 1990-04-25"),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export type ProfileView = { education: string | null; address: string | null; phone: string | null; birthday: string | null };
