import { z } from "zod";
import { emailSchema } from "./accounts";

const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Use at most ${max} characters`);

export const contactSchema = z.strictObject({
  name: required("Enter your name", 100),
  email: emailSchema,
  company: required("Enter your company name", 120),
  country: required("Enter your country", 80),
  message: required("Write a message", 5000),
});
export type ContactInput = z.infer<typeof contactSchema>;

export const newsletterSchema = z.strictObject({
  email: emailSchema,
});
export type NewsletterInput = z.infer<typeof newsletterSchema>;
