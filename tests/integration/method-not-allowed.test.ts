/**
 * A method a route does not have is refused by the server in front of Next (server/index.mjs) with the
 * API's JSON error and an Allow header, from the route table: these tests check that the table, the
 * route files and the server's route labels agree, and what the answer looks like.
 */
import path from "node:path";
import { allowedMethodsByRoute } from "@/lib/api/routes";
import { allowedMethodsOf, allowHeader, answerMethodNotAllowed, isMethodAllowed, publishAllowedMethods } from "@/server/method-not-allowed.mjs";
import { createRouteLabeller, scanAppRoutes } from "@/server/route-label.mjs";
import { routesOnDisk } from "@/tests/fixtures/api-routes";

const label = createRouteLabeller({ routes: scanAppRoutes(path.join(process.cwd(), "app")) });
const sample = (routePath: string) => routePath.replace(/\{[^}]+\}/g, "prd_sample");

describe("the methods each route answers", () => {
  beforeAll(() => publishAllowedMethods(allowedMethodsByRoute()));

  it("are exactly the methods its route file exports, found under the label the server gives its addresses", async () => {
    const onDisk = await routesOnDisk();
    expect(onDisk.length).toBeGreaterThan(60);
    const exported = new Map<string, Set<string>>();
    for (const found of onDisk) {
      const route = label(sample(found.path));
      expect({ path: found.path, allowed: allowedMethodsOf(route)?.includes(found.method) ?? false }).toEqual({ path: found.path, allowed: true });
      if (!exported.has(route)) exported.set(route, new Set());
      exported.get(route)?.add(found.method);
    }
    for (const [route, methods] of Object.entries(allowedMethodsByRoute())) {
      expect({ route, methods: [...(exported.get(route) ?? [])].sort() }).toEqual({ route, methods });
    }
  });

  it("leave pages and unknown API addresses to Next", () => {
    expect(allowedMethodsOf(label("/servicedata"))).toBeNull();
    expect(allowedMethodsOf(label("/api/prodcuts/x"))).toBeNull();
    expect(allowedMethodsOf(label("/api/products/prd_1"))).toEqual(["DELETE", "GET", "PATCH"]);
  });

  it("allow HEAD wherever GET is, and OPTIONS everywhere", () => {
    expect(allowHeader(["GET", "POST"])).toBe("GET, HEAD, OPTIONS, POST");
    expect(allowHeader(["POST"])).toBe("OPTIONS, POST");
    expect(isMethodAllowed(["GET"], "HEAD")).toBe(true);
    expect(isMethodAllowed(["POST"], "HEAD")).toBe(false);
    expect(isMethodAllowed(["POST"], "OPTIONS")).toBe(true);
    expect(isMethodAllowed(["GET", "POST"], "PUT")).toBe(false);
  });
});

describe("the answer to a method a route does not have", () => {
  function answer(method: string, url: string) {
    const written: { status?: number; headers?: Record<string, string | number>; body?: string } = {};
    const res = {
      writeHead: (status: number, headers: Record<string, string | number>) => Object.assign(written, { status, headers }),
      end: (body?: string) => Object.assign(written, { body }),
    };
    answerMethodNotAllowed({ method, url } as never, res as never, ["GET", "POST"]);
    return written;
  }

  it("is a 405 with Allow and the API's error body, naming the method and the address without its query", () => {
    const written = answer("PUT", "/api/products?page=2");
    expect(written.status).toBe(405);
    expect(written.headers).toMatchObject({ allow: "GET, HEAD, OPTIONS, POST", "content-type": "application/json", "cache-control": "no-store" });
    expect(JSON.parse(written.body ?? "null")).toEqual({
      error: { code: "method_not_allowed", message: "PUT is not allowed on /api/products: it answers GET, HEAD, OPTIONS, POST." },
    });
    expect(written.headers?.["content-length"]).toBe(Buffer.byteLength(written.body ?? ""));
  });

  it("has no body for HEAD", () => {
    expect(answer("HEAD", "/api/orders/x/refund").body).toBeUndefined();
  });
});
