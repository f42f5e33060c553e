import { z } from "zod";

/**
 * Text a person types into the shop: names, addresses, descriptions, messages. `trim()` alone kept
 * what shows nothing (U+200B and the other format characters), took control characters (an
 * escape sequence in a product name) and lone surrogates (stored as U+FFFD), so an order could be
 * placed to an address of zero-width spaces. Every such field is checked here.
 */

/** Shows nothing: white space and format characters (zero-width spaces and joiners, direction marks, BOM). */
const BLANK = /^[\s\p{Cf}]*$/u;
/**
 * Control characters (C0, DEL, C1) and the bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069): a name holding an override reversed the shop's own sentence around
 * it in the audit log.
 */
const CONTROL = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
/** The same, but line breaks and tabs, which a text of several lines may hold. */
const CONTROL_BUT_LINES = /(?![\n\r\t])[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
/** Half of a surrogate pair: not a character (PostgreSQL would store U+FFFD). */
const LONE_SURROGATE = /\p{Cs}/u;

type TextRule = {
  /** What to say when the field is missing or shows nothing ("Enter the city"). */
  missing: string;
  max: number;
  /** At least this many characters, with `tooShort` said otherwise. */
  min?: number;
  tooShort?: string;
  /** Line breaks and tabs allowed (a description, a message). */
  lines?: boolean;
};

function checked(text: z.ZodString, lines: boolean, control: string) {
  return text
    .refine((value) => !(lines ? CONTROL_BUT_LINES : CONTROL).test(value), control)
    .refine((value) => !LONE_SURROGATE.test(value), "This text has a broken character: type it again");
}

/** A required text field: trimmed, showing at least one visible character, within its length. */
export function textField({ missing, max, min = 1, tooShort, lines = false }: TextRule) {
  const text = z
    .string({ error: missing })
    .trim()
    .min(min, tooShort ?? missing)
    .max(max, `Use at most ${max} characters`);
  return checked(text, lines, `${missing} without control characters`).refine((value) => !BLANK.test(value), missing);
}

/** An optional text field: as textField, but empty is allowed (and given as ""). */
export function optionalTextField({ max, lines = false }: { max: number; lines?: boolean }) {
  return checked(z.string().trim().max(max, `Use at most ${max} characters`), lines, "Remove the control characters from this text")
    .refine((value) => value === "" || !BLANK.test(value), "Leave this empty or fill it in")
    .optional()
    .default("");
}
