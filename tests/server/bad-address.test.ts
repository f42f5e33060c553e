import http from "node:http";
import type { AddressInfo } from "node:net";
import { answerBadAddress, unusablePathReason } from "@/server/bad-address.mjs";

const BROKEN = "This address is not valid: it has a broken %-escape.";

describe("unusablePathReason", () => {
  it("finds a broken %-escape in the path, and only there", () => {
    for (const target of ["/products/%FF", "/api/orders/abc%2", "/purchasePages/%E0%A4%A", "/%"]) expect(unusablePathReason(target)).toBe(BROKEN);
    for (const target of ["/", "/products/prd_1", "/products/caf%C3%A9", "/servicedata?q=%FF", "/api/products?q=%", "/a%20b"]) expect(unusablePathReason(target)).toBeNull();
  });

  it("finds a NUL in the path, escaped or not (a page would look it up in the database)", () => {
    for (const target of ["/dashboard/orders/%00", "/dashboard/payment/ord_1%00x", "/products/a\0b"]) {
      expect(unusablePathReason(target)).toBe("This address is not valid: it has a NUL character (%00).");
    }
    expect(unusablePathReason("/servicedata?q=%00")).toBeNull();
  });
});

describe("answerBadAddress", () => {
  let server: http.Server;
  let base = "";
  beforeAll(async () => {
    server = http.createServer((req, res) => answerBadAddress(req, res, BROKEN));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers the API with 400 in its error format", async () => {
    const response = await fetch(`${base}/api/products/%FF`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: "bad_request", message: "This address is not valid: it has a broken %-escape." } });
  });

  it("answers a page with 400 and a short page in English that leads home", async () => {
    const response = await fetch(`${base}/products/%FF`);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<h1>This address is not valid</h1>");
    expect(html).toContain('<a href="/">go to the homepage</a>');
  });
});
