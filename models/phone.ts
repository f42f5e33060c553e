import { z } from "zod";

export const PHONE_NUMBER_MESSAGE = "Enter the number in international form: + and the country code, e.g. +44 7700 900123";

/** Spaces, dashes, dots and brackets people type between digits; the stored form is plain E.164. */
export function normalizePhoneNumber(value: string): string {
  return value.replace(/[\s\-.()]/g, "");
}

/** An E.164 number (ITU-T E.164): + then a country code and subscriber number, 8 to 15 digits in all. */
export const phoneNumberSchema = z
  .string({ error: PHONE_NUMBER_MESSAGE })
  .trim()
  .max(32, PHONE_NUMBER_MESSAGE)
  .transform(normalizePhoneNumber)
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, PHONE_NUMBER_MESSAGE));

export const phoneCodeSchema = z
  .string({ error: "Enter the 6-digit code from the text message" })
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code from the text message");

export const phoneCodeRequestSchema = z.object({ phoneNumber: phoneNumberSchema }).strict();
export type PhoneCodeRequest = z.infer<typeof phoneCodeRequestSchema>;

export const phoneCodeEntrySchema = z.object({ phoneNumber: phoneNumberSchema, code: phoneCodeSchema }).strict();
export type PhoneCodeEntry = z.infer<typeof phoneCodeEntrySchema>;
