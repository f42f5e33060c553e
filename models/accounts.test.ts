import { safeNextPath } from "./accounts";

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
