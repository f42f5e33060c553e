import { createRouteLabeller } from "@/server/route-label.mjs";

const routeOf = createRouteLabeller({
  routes: ["/", "/api/orders", "/api/orders/[id]", "/api/orders/[id]/payment", "/api/orders/[id]/payment/confirm", "/api/auth/[...all]", "/products/[id]", "/api/products/featured"],
  publicFiles: new Set(["/favicon.svg", "/images/products/claw-hammer.svg"]),
});

describe("route labels for logs and metrics", () => {
  it("names the route pattern, never the id", () => {
    expect(routeOf("/api/orders/ord_3kq9abc")).toBe("/api/orders/[id]");
    expect(routeOf("/api/orders/ord_x/payment/confirm")).toBe("/api/orders/[id]/payment/confirm");
    expect(routeOf("/api/auth/sign-in/email")).toBe("/api/auth/[...all]");
    expect(routeOf("/products/prd_claw_hammer_16oz/")).toBe("/products/[id]");
    expect(routeOf("/")).toBe("/");
  });

  it("prefers a static segment to a parameter, as Next does", () => {
    expect(routeOf("/api/products/featured")).toBe("/api/products/featured");
  });

  it("puts assets and unknown paths under a few fixed labels", () => {
    expect(routeOf("/_next/static/chunks/abc123.js")).toBe("/_next/static");
    expect(routeOf("/favicon.svg")).toBe("public");
    expect(routeOf("/wp-admin/setup.php")).toBe("unmatched");
    expect(routeOf("/api/orders/a/b/c/d")).toBe("unmatched");
    expect(routeOf("/%E0%A4%A")).toBe("unmatched");
  });
});
