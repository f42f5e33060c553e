import { route } from "@/lib/api/route";
import { json} from "@/lib/http";

export const dynamic = "force-dynamic";

/** Liveness: the process answers. Touches nothing else, so a database outage never gets it restarted. */
export const GET = route("GET /api/health/live", async () => json({ ok: true }, { headers: { "cache-control": "no-store" } }));
