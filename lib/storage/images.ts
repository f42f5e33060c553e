import "server-only";
import sharp from "sharp";
import { AppError } from "@/lib/errors";
import { MAX_PHOTO_BYTES, PHOTO_TOO_LARGE } from "@/models/images";

export const MAX_UPLOAD_BYTES = MAX_PHOTO_BYTES;
const MAX_DIMENSION = 1600;
// Formats we decode. SVG is refused on purpose: it can carry scripts and sharp would rasterise it anyway.
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

export type EncodedImage = { bytes: Buffer; contentType: "image/webp"; width: number; height: number };

/**
 * Checks that the bytes are an image by decoding them (never by file name or declared type) and
 * re-encodes them as WebP, which strips metadata such as GPS positions and neutralises crafted files.
 */
export async function reencodeImage(input: Uint8Array): Promise<EncodedImage> {
  if (input.byteLength === 0) throw new AppError("invalid", "The file is empty.", { file: "Choose an image file." });
  if (input.byteLength > MAX_UPLOAD_BYTES) {
    throw new AppError("too_large", PHOTO_TOO_LARGE, { file: PHOTO_TOO_LARGE });
  }
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new AppError("unsupported_media_type", "Upload a JPEG, PNG, WebP, GIF or AVIF image.", {
      file: "Upload a JPEG, PNG, WebP, GIF or AVIF image.",
    });
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: "image/webp", width: info.width, height: info.height };
  } catch {
    throw new AppError("unsupported_media_type", "This image could not be read. Try another file.", {
      file: "This image could not be read. Try another file.",
    });
  }
}
