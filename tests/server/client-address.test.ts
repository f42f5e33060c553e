import http from "node:http";
import type { AddressInfo } from "node:net";
import { applyClientAddress, normaliseAddress, resolveClientAddress } from "@/server/client-address.mjs";
import { clientKey } from "@/lib/rate-limit";

describe("resolveClientAddress", () => {
  it("uses the connection's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    for (const forwardedFor of [undefined, "1.2.3.4", "1.2.3.4, 5.6.7.8", "garbage"]) {
      expect(resolveClientAddress({ peer: "::ffff:203.0.113.9", forwardedFor, trustedHops: 0 })).toBe("203.0.113.9");
    }
  });

  it("takes the Nth entry from the right behind N trusted proxies, so entries a client prepends are ignored", () => {
    // nginx appends the address it saw: "<whatever the client sent>, <client>".
    expect(resolveClientAddress({ peer: "10.0.0.2", forwardedFor: "6.6.6.6, 198.51.100.4", trustedHops: 1 })).toBe("198.51.100.4");
    expect(resolveClientAddress({ peer: "10.0.0.2", forwardedFor: "198.51.100.4", trustedHops: 1 })).toBe("198.51.100.4");
    // A CDN and nginx: the CDN appended the client, nginx appended the CDN.
    expect(resolveClientAddress({ peer: "10.0.0.2", forwardedFor: ["6.6.6.6, 198.51.100.4", "192.0.2.10"], trustedHops: 2 })).toBe("198.51.100.4");
  });

  it("falls back to the leftmost entry, then the peer, when the chain is shorter than the proxies configured", () => {
    expect(resolveClientAddress({ peer: "10.0.0.2", forwardedFor: "198.51.100.4", trustedHops: 2 })).toBe("198.51.100.4");
    expect(resolveClientAddress({ peer: "10.0.0.2", forwardedFor: undefined, trustedHops: 1 })).toBe("10.0.0.2");
    expect(resolveClientAddress({ peer: "10.0.0.2", forwardedFor: "not-an-address", trustedHops: 1 })).toBe("10.0.0.2");
  });

  it("writes an address one way", () => {
    expect(normaliseAddress("::FFFF:192.0.2.1")).toBe("192.0.2.1");
    expect(normaliseAddress("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(normaliseAddress("192.0.2.1:5000")).toBe("192.0.2.1");
    expect(normaliseAddress("unknown")).toBeNull();
  });
});

describe("clientKey", () => {
  it("keys IPv6 clients by their /64 network, so rotating addresses inside it gains nothing", () => {
    const key = (address: string) => clientKey(new Headers({ "x-forwarded-for": address }));
    expect(key("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(key("2001:db8:1:2:ffff:ffff:ffff:fffe")).toBe("2001:db8:1:2::/64");
    expect(key("2001:db8:1:3::1")).not.toBe(key("2001:db8:1:2::1"));
    expect(key("203.0.113.5")).toBe("203.0.113.5");
    expect(clientKey(new Headers())).toBe("unknown");
  });
});

describe("applyClientAddress on a real connection", () => {
  async function seenByApp(trustedHops: number, headers: Record<string, string>): Promise<Record<string, string | string[] | undefined>> {
    const server = http.createServer((req, res) => {
      applyClientAddress(req, trustedHops);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(req.headers));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`, { headers });
      return (await response.json()) as Record<string, string | string[] | undefined>;
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it("replaces every address header a client sends with the one address it resolved", async () => {
    const seen = await seenByApp(0, {
      "x-forwarded-for": "6.6.6.6",
      "x-real-ip": "6.6.6.7",
      forwarded: "for=6.6.6.8",
      "cf-connecting-ip": "6.6.6.9",
      "x-forwarded-host": "evil.example",
    });
    expect(seen["x-forwarded-for"]).toBe("127.0.0.1");
    for (const header of ["x-real-ip", "forwarded", "cf-connecting-ip", "x-forwarded-host"]) expect(seen[header]).toBeUndefined();
  });

  it("behind one trusted proxy keeps the entry the proxy appended", async () => {
    const seen = await seenByApp(1, { "x-forwarded-for": "6.6.6.6, 198.51.100.4", "x-forwarded-proto": "https" });
    expect(seen["x-forwarded-for"]).toBe("198.51.100.4");
    expect(seen["x-forwarded-proto"]).toBe("https");
  });
});
