import { createHmac, timingSafeEqual } from "node:crypto";

// The authenticator settings the shop gives better-auth's two-factor plugin, which accepts the
// code of the current 30-second step and of the step either side (clock drift).
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DRIFT_STEPS = 1;

/** HOTP (RFC 4226 §5.3): HMAC-SHA-1 of the counter, dynamically truncated to `digits` digits. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The TOTP time step (RFC 6238 §4.2) of a moment in milliseconds. */
export function totpStep(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** Which accepted time step a code belongs to, or null when it matches none of them. */
export function matchingTotpStep(key: Uint8Array, code: string, atMs: number): number | null {
  const now = totpStep(atMs);
  const given = Buffer.from(code.padEnd(TOTP_DIGITS, " ").slice(0, 16));
  let found: number | null = null;
  // Every candidate is compared, matched or not, so the time taken says nothing about which one matched.
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step += 1) {
    const expected = Buffer.from(hotp(key, step));
    if (given.length === expected.length && timingSafeEqual(given, expected) && found === null) found = step;
  }
  return found;
}
