import { randomBytes } from "node:crypto";

/** Opaque, URL-safe ids with a readable prefix, e.g. "ord_3kq9…". */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url")}`;
}
