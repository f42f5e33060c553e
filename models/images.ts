// The shop's one limit on a photo's size (products and accounts), with its message: the forms check it
// before uploading and lib/storage/images.ts enforces it. No zod here: the forms load it at once.

/** The largest photo the shop takes. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** What a person is told when a photo is larger. */
export const PHOTO_TOO_LARGE = "Images must be 5 MB or smaller.";
