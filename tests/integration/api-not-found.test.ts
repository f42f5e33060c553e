/**
 * app/api/[...path]: an address under /api that no route file has answers the API's JSON 404 with
 * every method, not the HTML not-found page (which a client parsing JSON would choke on).
 */
import * as unknown from "@/app/api/[...path]/route";
import { makeRequest, signUp } from "@/tests/fixtures/http";

type Handler = (request: Request) => Promise<Response>;

const handlers: Record<string, Handler> = { GET: unknown.GET, POST: unknown.POST, PUT: unknown.PUT, PATCH: unknown.PATCH, DELETE: unknown.DELETE };

describe("an unknown API address", () => {
  it.each(Object.keys(handlers))("answers %s with a JSON 404 that names the address and the API's description", async (method) => {
    const json = method === "GET" ? undefined : { anything: true };
    const response = await handlers[method]!(makeRequest("/api/prodcuts/x", { method, json }));
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("not_found");
    expect(body.error.message).toBe("No API route answers at /api/prodcuts/x. The API is described at /api/openapi.json.");
  });

  it("is the same 404 for a signed-in caller: it reveals nothing more to anyone", async () => {
    const { cookie } = await signUp({ name: "Curious" });
    const response = await unknown.GET(makeRequest("/api/admin/secret", { cookie }));
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });

  it("does not echo an endless address back", async () => {
    const long = `/api/${"a".repeat(5000)}`;
    const response = await unknown.GET(makeRequest(long));
    const { error } = (await response.json()) as { error: { message: string } };
    expect(error.message.length).toBeLessThan(300);
  });
});
