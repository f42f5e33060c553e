import { safeNextPath, withNext } from "./next-path";

describe("safeNextPath", () => {
  it.each([
    ["/dashboard/myorders", "/dashboard/myorders"],
    ["/servicedata?q=saw&page=2", "/servicedata?q=saw&page=2"],
    [["/profile", "/other"], "/profile"],
  ])("keeps the local path %j", (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });

  it.each([
    undefined,
    null,
    "",
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/.//evil.example/x",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/./\\evil.example",
    "javascript:alert(1)",
    "/login",
    "/register?next=/x",
  ])("sends %j home instead", (input) => {
    expect(safeNextPath(input)).toBe("/");
  });
});

describe("withNext", () => {
  it("asks the page to bring the person back to a local path", () => {
    expect(withNext("/login", "/servicedata?q=saw&page=2")).toBe("/login?next=%2Fservicedata%3Fq%3Dsaw%26page%3D2");
    expect(withNext("/register", "/cart")).toBe("/register?next=%2Fcart");
  });

  it("leaves home, other sites and the sign-in pages out", () => {
    expect(withNext("/login", "/")).toBe("/login");
    expect(withNext("/login", "//evil.example")).toBe("/login");
    expect(withNext("/login", "/register?next=/x")).toBe("/login");
  });
});
