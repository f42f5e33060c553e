import "server-only";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { SHIPPED_IMAGE_PATH } from "@/models/catalog";
import { storedImage } from "@/models/schema";
import { reencodeImage } from "./images";

export type StoredImage = { url: string };

interface ImageStore {
  put(name: string, bytes: Buffer): Promise<StoredImage>;
  remove(url: string): Promise<void>;
}

export const UPLOAD_NAME_PATTERN = /^[a-f0-9]{32}\.webp$/;

export function uploadsDir(): string {
  return path.join(getEnv().dataDir, "uploads");
}

const localStore: ImageStore = {
  async put(name, bytes) {
    await fs.mkdir(uploadsDir(), { recursive: true });
    await fs.writeFile(path.join(uploadsDir(), name), bytes, { flag: "wx" });
    return { url: `/uploads/${name}` };
  },
  async remove(url) {
    const name = url.replace(/^\/uploads\//, "");
    if (UPLOAD_NAME_PATTERN.test(name)) await fs.rm(path.join(uploadsDir(), name), { force: true });
  },
};

/**
 * The shared database, when the shop runs on PostgreSQL without Cloudinary: every instance serves
 * every image from the same table, and backups of the database include them.
 */
const databaseStore: ImageStore = {
  async put(name, bytes) {
    const db = await getDb();
    await db.insert(storedImage).values({ name, contentType: "image/webp", bytes });
    return { url: `/uploads/${name}` };
  },
  async remove(url) {
    const name = url.replace(/^\/uploads\//, "");
    if (!UPLOAD_NAME_PATTERN.test(name)) return;
    const db = await getDb();
    await db.delete(storedImage).where(eq(storedImage.name, name));
  },
};

/** Cloudinary's signed upload API (https://cloudinary.com/documentation/upload_images#uploading_with_a_direct_call_to_the_rest_api). */
function cloudinaryStore(cloudinaryUrl: string): ImageStore {
  const parsed = new URL(cloudinaryUrl);
  const apiKey = decodeURIComponent(parsed.username);
  const apiSecret = decodeURIComponent(parsed.password);
  const cloudName = parsed.hostname;
  const apiBase = getEnv().CLOUDINARY_API_BASE ?? "https://api.cloudinary.com";
  const sign = (params: Record<string, string>) =>
    createHash("sha1")
      .update(
        Object.keys(params)
          .sort()
          .map((k) => `${k}=${params[k]}`)
          .join("&") + apiSecret,
      )
      .digest("hex");
  return {
    async put(name, bytes) {
      const params = { public_id: `toolforge/${name.replace(/\.webp$/, "")}`, timestamp: String(Math.floor(Date.now() / 1000)) };
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(bytes)], { type: "image/webp" }), name);
      for (const [k, v] of Object.entries(params)) form.set(k, v);
      form.set("api_key", apiKey);
      form.set("signature", sign(params));
      const response = await fetch(`${apiBase}/v1_1/${cloudName}/image/upload`, { method: "POST", body: form });
      const body = (await response.json().catch(() => null)) as { secure_url?: string } | null;
      if (!response.ok || !body?.secure_url) {
        throw new AppError("unavailable", "The image service did not accept the upload. Please try again.");
      }
      return { url: body.secure_url };
    },
    async remove() {
      // Cloudinary assets are kept: orders and audit entries may still point at them.
    },
  };
}

/** Where new uploads go: Cloudinary when configured, else the database when it is shared, else local disk. */
function store(): ImageStore {
  const { CLOUDINARY_URL, DATABASE_URL } = getEnv();
  if (CLOUDINARY_URL) return cloudinaryStore(CLOUDINARY_URL);
  return DATABASE_URL ? databaseStore : localStore;
}

/** Validates, re-encodes and stores an uploaded image; answers its public URL. */
export async function saveImage(input: Uint8Array): Promise<StoredImage> {
  const image = await reencodeImage(input);
  return store().put(`${randomBytes(16).toString("hex")}.webp`, image.bytes);
}

/** Removes an image this shop stored (used to roll back when the record that needed it was not written). */
export async function deleteImage(url: string): Promise<void> {
  await store().remove(url);
}

async function readFromDisk(name: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(path.join(uploadsDir(), name));
  } catch {
    return null;
  }
}

/**
 * An upload served by this shop (`/uploads/<name>`), or null when there is none with that name. On
 * PostgreSQL the database is read first, then the disk, where a shop that moved from the embedded
 * database keeps its older images.
 */
export async function readUpload(name: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (!UPLOAD_NAME_PATTERN.test(name)) return null;
  if (getEnv().DATABASE_URL) {
    const db = await getDb();
    const [row] = await db
      .select({ bytes: storedImage.bytes, contentType: storedImage.contentType })
      .from(storedImage)
      .where(eq(storedImage.name, name))
      .limit(1);
    if (row) return row;
  }
  const bytes = await readFromDisk(name);
  return bytes ? { bytes, contentType: "image/webp" } : null;
}

/**
 * Whether a URL names an image this shop stored (and re-encoded): a local upload, or an asset in the
 * shop's own Cloudinary folder. Account photos must be one of these, never a remote URL.
 */
export function isStoredImageUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  const local = /^\/uploads\/([^/]+)$/.exec(url);
  if (local) return UPLOAD_NAME_PATTERN.test(local[1] ?? "");
  const { CLOUDINARY_URL } = getEnv();
  if (!CLOUDINARY_URL) return false;
  const cloudName = new URL(CLOUDINARY_URL).hostname;
  return new RegExp(`^https://res\\.cloudinary\\.com/${cloudName.replace(/[^a-z0-9_-]/gi, "")}/image/upload/(v\\d+/)?toolforge/[a-f0-9]{32}\\.webp$`).test(url);
}

/**
 * Whether a product's photo is one the shop can show: an upload that exists, an image shipped with
 * the shop, or an asset in the shop's own Cloudinary folder. Any other address would be a broken
 * picture: another host is refused by the pages' Content-Security-Policy (img-src), a made-up upload
 * name is a 404.
 */
export async function isShowableImage(url: string): Promise<boolean> {
  const upload = /^\/uploads\/([^/]+)$/.exec(url)?.[1];
  if (upload !== undefined) {
    if (!UPLOAD_NAME_PATTERN.test(upload)) return false;
    if (getEnv().DATABASE_URL) {
      const db = await getDb();
      const [row] = await db.select({ name: storedImage.name }).from(storedImage).where(eq(storedImage.name, upload)).limit(1);
      if (row) return true;
    }
    return exists(path.join(uploadsDir(), upload));
  }
  if (SHIPPED_IMAGE_PATH.test(url)) return exists(path.join(process.cwd(), "public", url));
  return isStoredImageUrl(url);
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
