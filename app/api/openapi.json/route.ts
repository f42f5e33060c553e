import { route } from "@/lib/api/route";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { getEnv } from "@/lib/env";
import { json } from "@/lib/http";

let document: ReturnType<typeof buildOpenApiDocument> | null = null;

/** The API's OpenAPI 3.1 description, built once per process from the zod schemas. */
export const GET = route("GET /api/openapi.json", async () => {
  document ??= buildOpenApiDocument(getEnv().appUrl);
  return json(document, { headers: { "cache-control": "public, max-age=300" } });
});
