import "server-only";
import { AppError, isAppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { deleteImage, isStoredImageUrl, saveImage } from "@/lib/storage";
import { MAX_UPLOAD_BYTES } from "@/lib/storage/images";

const FETCH_TIMEOUT_MS = 5_000;

/** Reads at most MAX_UPLOAD_BYTES of a remote image; null when it is missing, too large or not reachable. */
async function download(url: URL): Promise<Uint8Array | null> {
  const response = await fetch(url, { redirect: "follow", signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: "image/*" } });
  if (!response.ok || !response.body) return null;
  const declared = Number(response.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_UPLOAD_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * The image an account may keep: one this shop stored already, or a social provider's photo copied in
 * and re-encoded exactly like an upload. Anything else (another site's URL, `javascript:`, a photo
 * that cannot be fetched or decoded) leaves the account without a photo rather than pointing at it.
 */
export async function adoptAccountImage(image: string | null | undefined, fromProvider: boolean): Promise<string | null> {
  if (!image) return null;
  if (isStoredImageUrl(image)) return image;
  if (!fromProvider) return null;
  let url: URL;
  try {
    url = new URL(image);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  try {
    const bytes = await download(url);
    return bytes ? (await saveImage(bytes)).url : null;
  } catch (error) {
    log("warn", "provider photo not copied", { host: url.host, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/**
 * Checks, re-encodes and stores a photo a person uploaded for their account, as registration does;
 * answers its URL. A refusal (not an image: 415, over 5 MB: 413) names the `photo` field.
 */
export async function storeAccountPhoto(bytes: Uint8Array): Promise<string> {
  try {
    return (await saveImage(bytes)).url;
  } catch (error) {
    if (isAppError(error)) throw new AppError(error.kind, error.message, { photo: error.message });
    throw error;
  }
}

/**
 * Removes an account photo no row points at any more (a replaced one, or one stored for a write that
 * did not commit). Only images this shop stored are touched; a failure is logged, not thrown: the
 * change it follows is already decided.
 */
export async function discardAccountPhoto(url: string | null | undefined, why: string): Promise<void> {
  if (!isStoredImageUrl(url)) return;
  await deleteImage(url).catch((error: unknown) =>
    log("warn", "account photo could not be removed", { why, error: error instanceof Error ? error.message : String(error) }),
  );
}
