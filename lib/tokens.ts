import "server-only";
import { timingSafeEqual } from "node:crypto";

/** Whether `given` is the token `expected`, compared in constant time (no early exit on the first wrong byte). */
export function sameToken(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
