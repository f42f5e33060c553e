import { listFrom, withListReturn } from "@/components/admin/list-return";

describe("a detail page's way back to its list", () => {
  it("carries the list's address in `from`", () => {
    const list = "/dashboard/manageOrder?status=paid&q=ann%40x.test&page=2&cursor=abc";
    expect(withListReturn("/dashboard/orders/ord_1", list)).toBe(`/dashboard/orders/ord_1?from=${encodeURIComponent(list)}`);
  });

  it("reads which list and its parameters back", () => {
    expect(listFrom("/dashboard/manageOrder?status=paid&q=ann%40x.test&page=2")).toEqual({
      path: "/dashboard/manageOrder",
      params: { status: "paid", q: "ann@x.test", page: "2" },
    });
    expect(listFrom("/dashboard/myorders")).toEqual({ path: "/dashboard/myorders", params: {} });
    expect(listFrom(["/dashboard/myorders?page=3", "/dashboard/myorders?page=4"])).toEqual({ path: "/dashboard/myorders", params: { page: "3" } });
  });

  it("answers nothing for an absent, overlong or foreign `from`", () => {
    expect(listFrom(undefined)).toBeNull();
    expect(listFrom(`/dashboard/myorders?q=${"x".repeat(2_000)}`)).toBeNull();
    for (const foreign of ["https://evil.test/dashboard/myorders", "//evil.test/", "/dashboard/../api/me", "/login?next=/", "page=2"]) {
      expect(listFrom(foreign)).toBeNull();
    }
  });
});
