import { route } from "@/lib/api/route";
import { AppError } from "@/lib/errors";
import { json, readBodyBytes} from "@/lib/http";
import { saveImage } from "@/lib/storage";
import { MAX_UPLOAD_BYTES } from "@/lib/storage/images";
import { readMultipart } from "@/lib/multipart";
import { withRateLimit } from "@/lib/rate-limit";

export const POST = route("POST /api/uploads", async (request: Request, _context: unknown, actor) => {
  return withRateLimit("upload", actor.userId, async () => {
    const form = await readMultipart(request, await readBodyBytes(request, MAX_UPLOAD_BYTES + 64 * 1024));
    const file = form.get("file");
    if (!(file instanceof Blob)) throw new AppError("invalid", "Attach the image as the field “file”.", { file: "Choose an image file." });
    const stored = await saveImage(new Uint8Array(await file.arrayBuffer()));
    return json(stored, { status: 201 });
  });
});
