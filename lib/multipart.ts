import "server-only";
import { AppError } from "@/lib/errors";

/** Parses an already size-limited multipart body. */
export async function readMultipart(request: Request, body: Uint8Array): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw new AppError("unsupported_media_type", "Send the form as multipart/form-data.");
  }
  try {
    return await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError("bad_request", "The form data could not be read.");
  }
}
