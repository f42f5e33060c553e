import { checkDatabase } from "@/lib/db/health";
import { json } from "@/lib/http";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const result = await checkDatabase();
  return json(result, { status: result.ok ? 200 : 503, headers: { "cache-control": "no-store" } });
}
