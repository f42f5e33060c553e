import { shownAddress } from "./sessions";

describe("shownAddress", () => {
  it.each([
    ["0000:0000:0000:0000:0000:0000:0000:0001", "::1"],
    ["2001:0db8:0000:0000:0001:0000:0000:0001", "2001:db8::1:0:0:1"],
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["0000:0000:0000:0000:0000:ffff:c633:6417", "198.51.100.23"],
    ["198.51.100.23", "198.51.100.23"],
    ["unknown", "unknown"],
  ])("%s → %s", (stored, shown) => {
    expect(shownAddress(stored)).toBe(shown);
  });
});
