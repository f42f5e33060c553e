import { json, route } from "@/lib/http";

export const dynamic = "force-dynamic";

/** Liveness: the process answers. Touches nothing else, so a database outage never gets it restarted. */
export const GET = route(async () => json({ ok: true }, { headers: { "cache-control": "no-store" } }));
