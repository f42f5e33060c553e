import { route } from "@/lib/api/route";
import { checkReadiness } from "@/lib/health/readiness";
import { json} from "@/lib/http";

export const dynamic = "force-dynamic";

/** Readiness: 200 when this instance should take traffic, 503 with the failing checks when not. */
export const GET = route("GET /api/health/ready", async () => {
  const readiness = await checkReadiness();
  return json(readiness, { status: readiness.ready ? 200 : 503, headers: { "cache-control": "no-store" } });
});
