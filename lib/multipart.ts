import "server-only";
import { AppError } from "@/lib/errors";
import { mediaTypeOf } from "@/lib/http";

/** Parses an already size-limited multipart body. */
export async function readMultipart(request: Request, body: Uint8Array): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  if (mediaTypeOf(request) !== "multipart/form-data") {
    throw new AppError("unsupported_media_type", "Send the form as multipart/form-data.");
  }
  try {
    return await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError("bad_request", "The form data could not be read.");
  }
}
