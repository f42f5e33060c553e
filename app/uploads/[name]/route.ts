import { readLocalUpload } from "@/lib/storage";

type Context = { params: Promise<{ name: string }> };

/** Serves images stored on local disk. Names are random, so a file never changes: cache it for a year. */
export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const { name } = await params;
  const bytes = await readLocalUpload(name);
  if (!bytes) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "image/webp",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}
