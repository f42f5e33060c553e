import { ipv6Groups } from "./ipv6";

describe("ipv6Groups", () => {
  it.each([
    ["::1", [0, 0, 0, 0, 0, 0, 0, 1]],
    ["::", [0, 0, 0, 0, 0, 0, 0, 0]],
    ["2001:DB8:1:2::", [0x2001, 0xdb8, 1, 2, 0, 0, 0, 0]],
    ["2001:0db8:0001:0002:0003:0004:0005:0006", [0x2001, 0xdb8, 1, 2, 3, 4, 5, 6]],
    ["::ffff:192.0.2.1", [0, 0, 0, 0, 0, 0xffff, 0xc000, 0x201]],
  ])("%s", (address, groups) => {
    expect(ipv6Groups(address)).toEqual(groups);
  });
});
