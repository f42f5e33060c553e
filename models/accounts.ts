import { z } from "zod";
import { pageQuerySchema } from "./paging";
import { textField } from "./text";

export const MIN_PASSWORD = 8;

export const emailSchema = z
  .string({ error: "Enter a valid email" })
  .trim().toLowerCase().max(254, "Enter a valid email").pipe(z.email({ error: "Enter a valid email" }));
export const passwordSchema = z.string({ error: "Enter a password" }).min(MIN_PASSWORD, "Use at least 8 characters").max(128, "Use at most 128 characters");
export const nameSchema = textField({ missing: "Enter your name", max: 80 });

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

// Strict schemas for the account routes (app/api/account/*, app/api/me/*): an unknown field is a 422.
export const emailRequestSchema = z
  .object({
    email: emailSchema,
    /** Where an email link should bring the person back to; checked again with safeNextPath. */
    next: z.string().max(2000).optional(),
  })
  .strict();
export type EmailRequest = z.infer<typeof emailRequestSchema>;

/** "Forgot password?": the address alone (the reset page is where the link always leads). */
export const passwordResetRequestSchema = z.object({ email: emailSchema }).strict();

const tokenField = z.string({ error: "The link is incomplete" }).trim().min(1, "The link is incomplete").max(200, "The link is not valid");

export const linkTokenSchema = z.object({ token: tokenField }).strict();

export const passwordResetSchema = z.object({ token: tokenField, password: passwordSchema }).strict();
export type PasswordReset = z.infer<typeof passwordResetSchema>;

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ error: "Enter your current password" }).min(1, "Enter your current password").max(128, "Use at most 128 characters"),
    newPassword: passwordSchema,
  })
  .strict()
  .refine((change) => change.newPassword !== change.currentPassword, {
    path: ["newPassword"],
    message: "Choose a new password, not the one you have now",
  });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const emailChangeSchema = z.object({ email: emailSchema }).strict();

export const PHOTO_REQUIRED = "Add a profile photo";

/**
 * PATCH /api/me/identity (multipart): a new name, a new photo, or both. The photo is the file's bytes;
 * anything else sent as `photo` (a URL, say) is refused: photos are always uploaded and re-encoded.
 */
export const identityChangeSchema = z.strictObject({
  name: nameSchema.optional(),
  photo: z.custom<Uint8Array>((value) => value instanceof Uint8Array, { error: PHOTO_REQUIRED }).optional(),
});
export type IdentityChange = z.infer<typeof identityChangeSchema>;

/** An account as GET /api/me and PATCH /api/me/identity show it (lib/accounts/service.ts UserView). */
export const accountViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  imageUrl: z.string().nullable(),
  role: z.enum(["customer", "admin"]),
  emailVerified: z.boolean(),
  disabled: z.boolean(),
});

/** Where an account is signed in, a page at a time (`GET /api/me/sessions`, /account/security). */
export const SESSION_PAGE_SIZE = 20;
export const sessionListQuerySchema = pageQuerySchema(SESSION_PAGE_SIZE).omit({ cursor: true });
