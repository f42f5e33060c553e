import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { and, inArray, lt, sql } from "drizzle-orm";
import { getDb, type Db } from "@/lib/db/client";
import { orderLine, product, storedImage, user } from "@/models/schema";
import { UPLOAD_NAME_PATTERN, uploadsDir } from "./index";

/**
 * How long an upload may wait for the product or account that uses it. The Add Product form uploads
 * the photo and saves the product a moment later; an API client may take longer, but not a day.
 */
export const UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

const BATCH = 500;

/** Uploads on this instance's disk older than the cutoff (the embedded database's store, and images kept from before a move to PostgreSQL). */
async function oldOnDisk(cutoff: Date): Promise<string[]> {
  const names = await fs.readdir(uploadsDir()).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const old: string[] = [];
  for (const name of names) {
    if (!UPLOAD_NAME_PATTERN.test(name)) continue;
    const stat = await fs.stat(path.join(uploadsDir(), name)).catch(() => null);
    if (stat?.isFile() && stat.mtime < cutoff) old.push(name);
  }
  return old;
}

/**
 * Of these upload names, the ones something still shows: a product's photo (on sale or deleted, as a
 * restore brings it back), the photo a tool had on an order placed with it, or an account's photo.
 * Each question is answered by a partial index on uploaded photos (models/schema.ts); the condition
 * is written out, not sent as a parameter, so that every plan can use it.
 */
async function inUse(db: Db, names: string[]): Promise<Set<string>> {
  const urls = names.map((name) => `/uploads/${name}`);
  const [products, lines, accounts] = await Promise.all([
    db.selectDistinct({ url: product.imageUrl }).from(product).where(and(inArray(product.imageUrl, urls), sql`${product.imageUrl} like '/uploads/%'`)),
    db
      .selectDistinct({ url: orderLine.productImageUrl })
      .from(orderLine)
      .where(and(inArray(orderLine.productImageUrl, urls), sql`${orderLine.productImageUrl} like '/uploads/%'`)),
    db.selectDistinct({ url: user.image }).from(user).where(and(inArray(user.image, urls), sql`${user.image} like '/uploads/%'`)),
  ]);
  return new Set([...products, ...lines, ...accounts].map((row) => (row.url ?? "").replace(/^\/uploads\//, "")));
}

async function unused(db: Db, names: string[]): Promise<string[]> {
  const found: string[] = [];
  for (let start = 0; start < names.length; start += BATCH) {
    const batch = names.slice(start, start + BATCH);
    const used = await inUse(db, batch);
    found.push(...batch.filter((name) => !used.has(name)));
  }
  return found;
}

/**
 * Removes uploads that nothing uses a day after they were stored: a photo whose product was refused,
 * an account photo replaced before its account was made, uploads a signed-in visitor never used. The
 * database's store (PostgreSQL without Cloudinary) and this instance's disk are swept; Cloudinary's
 * assets are kept (lib/storage/index.ts). Answers how many were removed.
 */
export async function sweepUnusedUploads(now = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - UPLOAD_GRACE_MS);
  let removed = 0;

  const stored = await db.select({ name: storedImage.name }).from(storedImage).where(lt(storedImage.createdAt, cutoff));
  const storedUnused = await unused(
    db,
    stored.map((row) => row.name),
  );
  for (let start = 0; start < storedUnused.length; start += BATCH) {
    const batch = storedUnused.slice(start, start + BATCH);
    const gone = await db
      .delete(storedImage)
      .where(and(inArray(storedImage.name, batch), lt(storedImage.createdAt, cutoff)))
      .returning({ name: storedImage.name });
    removed += gone.length;
  }

  for (const name of await unused(db, await oldOnDisk(cutoff))) {
    await fs.rm(path.join(uploadsDir(), name), { force: true });
    removed += 1;
  }
  return removed;
}
