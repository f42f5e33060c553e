import { readUpload } from "@/lib/storage";

type Context = { params: Promise<{ name: string }> };

// Names are random and an image is never rewritten: the name is the version.
const CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Whether If-None-Match names this entity (RFC 9110 §13.1.2: weak comparison, or "*"). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === etag;
  });
}

/** Serves uploaded images, from the database (PostgreSQL without Cloudinary) or the local disk. */
export async function GET(request: Request, { params }: Context): Promise<Response> {
  const { name } = await params;
  const image = await readUpload(name);
  if (!image) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  const etag = `"${name.replace(/\.webp$/, "")}"`;
  const headers = { etag, "cache-control": CACHE_CONTROL, "x-content-type-options": "nosniff" };
  if (matches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(image.bytes), { headers: { ...headers, "content-type": image.contentType } });
}
