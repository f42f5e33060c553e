import { revalidateCatalogPages } from "@/app/revalidate-catalog";
import { route } from "@/lib/api/route";
import { json } from "@/lib/http";

/**
 * Called once by scripts/start.mjs after boot so that the pages prerendered at build time (from the
 * build's private sample database) are regenerated from the real one. The token is random per boot
 * and only known to the process that started the server; without it the route does not exist
 * (access "internal" in lib/api/routes.ts).
 */
export const POST = route("POST /api/internal/revalidate", async () => {
  revalidateCatalogPages();
  return json({ revalidated: true });
});
