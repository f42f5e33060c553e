import { isIPv4 } from "node:net";

/**
 * The eight 16-bit groups of an IPv6 address (as `net.isIPv6` accepts it): "::" expanded, and a
 * trailing IPv4 address ("::ffff:192.0.2.1") read as its two groups.
 */
export function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const embedded = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (embedded?.[1] && isIPv4(embedded[1])) {
    const [a, b, c, d] = embedded[1].split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -embedded[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part ? part.split(":").map((group) => Number.parseInt(group, 16)) : []);
  if (tail === undefined) return parse(head);
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
