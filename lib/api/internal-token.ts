import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/errors";

/**
 * The per-boot token scripts/start.mjs hands the server (TOOLFORGE_REVALIDATE_TOKEN) for its one
 * internal call. Without it, or with a wrong one, the internal route does not exist: 404.
 */
export function requireInternalToken(given: string | null): void {
  const expected = process.env.TOOLFORGE_REVALIDATE_TOKEN;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  if (!expected || !given || !timingSafeEqual(digest(given), digest(expected))) throw new AppError("not_found", "Not found.");
}
