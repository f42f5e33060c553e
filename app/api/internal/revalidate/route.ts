import { timingSafeEqual } from "node:crypto";
import { revalidateCatalogPages } from "@/app/revalidate-catalog";
import { json } from "@/lib/http";

/**
 * Called once by scripts/start.mjs after boot so that the pages prerendered at build time (from the
 * build's private sample database) are regenerated from the real one. The token is random per boot
 * and only known to the process that started the server; without it the route does not exist.
 */
export async function POST(request: Request): Promise<Response> {
  const expected = process.env.TOOLFORGE_REVALIDATE_TOKEN;
  const given = request.headers.get("x-revalidate-token") ?? "";
  if (!expected || given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
    return json({ error: { code: "not_found", message: "Not found." } }, { status: 404 });
  }
  revalidateCatalogPages();
  return json({ revalidated: true });
}
