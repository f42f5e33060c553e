// @ts-check
// Which address a request comes from, decided by the server alone (docs/decisions/018).
import net from "node:net";

/**
 * Headers through which a client (or a proxy we do not trust) could claim an address. The server
 * removes all of them and then sets x-forwarded-for to the one address it resolved.
 */
export const ADDRESS_HEADERS = [
  "x-forwarded-for",
  "x-real-ip",
  "forwarded",
  "x-client-ip",
  "x-cluster-client-ip",
  "true-client-ip",
  "cf-connecting-ip",
  "fastly-client-ip",
  "x-forwarded",
  "forwarded-for",
];

/** Set by a proxy in front; from a client directly they are claims, removed when no proxy is trusted. */
export const PROXY_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port"];

/**
 * An address in one spelling: IPv4-mapped IPv6 as IPv4, IPv6 in lower case, brackets and ports
 * removed. Null when the text is not an IP address.
 * @param {string | undefined} raw
 * @returns {string | null}
 */
export function normaliseAddress(raw) {
  if (!raw) return null;
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) value = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  value = value.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/.exec(value);
  if (mapped?.[1] && net.isIPv4(mapped[1])) return mapped[1];
  if (net.isIPv4(value) || net.isIPv6(value)) return value;
  return null;
}

/**
 * The client's address. With no trusted proxy it is the connection's peer. With `trustedHops`
 * proxies in front, each appending the address it saw to X-Forwarded-For, it is the entry that the
 * outermost trusted proxy wrote: the Nth from the right. Entries further left were written by the
 * client and are ignored. A chain shorter than expected (a request that skipped a proxy, e.g. a
 * health check) falls back to its leftmost entry, then to the peer.
 * @param {{ peer: string | undefined, forwardedFor: string | string[] | undefined, trustedHops: number }} input
 * @returns {string}
 */
export function resolveClientAddress({ peer, forwardedFor, trustedHops }) {
  const peerAddress = normaliseAddress(peer) ?? "unknown";
  if (trustedHops <= 0) return peerAddress;
  const values = Array.isArray(forwardedFor) ? forwardedFor : forwardedFor ? [forwardedFor] : [];
  const chain = values
    .flatMap((value) => value.split(","))
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length === 0) return peerAddress;
  const chosen = chain[Math.max(0, chain.length - trustedHops)];
  return normaliseAddress(chosen) ?? peerAddress;
}

/**
 * Rewrites the address headers of an incoming request in place: client claims removed, one
 * x-forwarded-for holding the resolved address. Returns that address.
 * @param {import("node:http").IncomingMessage} request
 * @param {number} trustedHops
 */
export function applyClientAddress(request, trustedHops) {
  const address = resolveClientAddress({
    peer: request.socket.remoteAddress,
    forwardedFor: request.headers["x-forwarded-for"],
    trustedHops,
  });
  for (const header of ADDRESS_HEADERS) delete request.headers[header];
  if (trustedHops <= 0) for (const header of PROXY_HEADERS) delete request.headers[header];
  request.headers["x-forwarded-for"] = address;
  stripFromRawHeaders(request, trustedHops);
  return address;
}

/**
 * Next rebuilds some headers from rawHeaders; keep the two views the same.
 * @param {import("node:http").IncomingMessage} request
 * @param {number} trustedHops
 */
function stripFromRawHeaders(request, trustedHops) {
  const removed = new Set([...ADDRESS_HEADERS, ...(trustedHops <= 0 ? PROXY_HEADERS : [])]);
  const raw = request.rawHeaders;
  /** @type {string[]} */
  const kept = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = /** @type {string} */ (raw[i]);
    if (!removed.has(name.toLowerCase())) kept.push(name, /** @type {string} */ (raw[i + 1]));
  }
  kept.push("x-forwarded-for", /** @type {string} */ (request.headers["x-forwarded-for"]));
  raw.splice(0, raw.length, ...kept);
}
