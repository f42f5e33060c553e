import { z } from "zod";

const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Use at most ${max} characters`);

export const contactSchema = z.object({
  name: required("Enter your name", 100),
  email: z.string({ error: "Enter a valid email" }).trim().toLowerCase().max(254, "Enter a valid email").pipe(z.email({ error: "Enter a valid email" })),
  company: required("Enter your company name", 120),
  country: required("Enter your country", 80),
  message: required("Write a message", 5000),
});
export type ContactInput = z.infer<typeof contactSchema>;

export const newsletterSchema = z.object({
  email: z.string({ error: "Enter a valid email" }).trim().toLowerCase().max(254, "Enter a valid email").pipe(z.email({ error: "Enter a valid email" })),
});
export type NewsletterInput = z.infer<typeof newsletterSchema>;
