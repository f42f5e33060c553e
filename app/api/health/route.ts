import { route } from "@/lib/api/route";
import { checkDatabase } from "@/lib/db/health";
import { json } from "@/lib/http";

export const dynamic = "force-dynamic";

export const GET = route("GET /api/health", async () => {
  const result = await checkDatabase();
  return json(result, { status: result.ok ? 200 : 503, headers: { "cache-control": "no-store" } });
});
