import { findListPage } from "@/components/admin/invalid-page-link";
import { decodeCursor } from "@/lib/db/keyset";
import { AppError } from "@/lib/errors";

describe("a dashboard list's damaged page link (findListPage)", () => {
  it("gives the page when the list reads", async () => {
    await expect(findListPage(async () => ({ items: [1, 2] }))).resolves.toEqual({ items: [1, 2] });
  });

  it("gives null, not a failed page, for a cursor the list services refuse", async () => {
    await expect(findListPage(async () => decodeCursor("abc"))).resolves.toBeNull();
    await expect(findListPage(async () => decodeCursor(Buffer.from('["2026-01-01","x","z"]').toString("base64url")))).resolves.toBeNull();
  });

  it("knows the refusal thrown by another route's copy of lib/errors (production builds have one per route)", async () => {
    const fromAnotherCopy = Object.assign(new Error("This page link is not valid. Go back to the first page."), {
      [Symbol.for("toolforge.AppError")]: true,
      kind: "invalid",
      fields: { cursor: "This page link is not valid" },
    });
    expect(fromAnotherCopy).not.toBeInstanceOf(AppError);
    await expect(
      findListPage(async () => {
        throw fromAnotherCopy;
      }),
    ).resolves.toBeNull();
  });

  it("throws on every other failure: only the reader's own link is answered with a message", async () => {
    const other = new AppError("invalid", "Status must be one of: paid", { status: "Status must be one of: paid" });
    await expect(
      findListPage(async () => {
        throw other;
      }),
    ).rejects.toBe(other);
    const broken = new Error("connection refused");
    await expect(
      findListPage(async () => {
        throw broken;
      }),
    ).rejects.toBe(broken);
  });
});

describe("a dashboard list's paging links keep the page size the reader chose", () => {
  it("keeps a chosen size, as shown (at most the page's maximum), and leaves the default out", async () => {
    const { keptPageSize, listHref, readPageQuery } = await import("@/components/admin/pagination");
    expect(keptPageSize(readPageQuery({ pageSize: "2" }, 25), 25)).toBe(2);
    expect(keptPageSize(readPageQuery({ pageSize: "100" }, 25), 25)).toBe(50);
    expect(keptPageSize(readPageQuery({ pageSize: "25" }, 25), 25)).toBeUndefined();
    expect(keptPageSize(readPageQuery({}, 25), 25)).toBeUndefined();
    expect(keptPageSize(readPageQuery({ pageSize: "nonsense" }, 25), 25)).toBeUndefined();
    expect(keptPageSize(readPageQuery({ spageSize: "3" }, 50, "s"), 50)).toBe(3);

    expect(listHref("/dashboard/makeAdmin", { q: "ann", pageSize: 2 }, 2, "abc")).toBe("/dashboard/makeAdmin?q=ann&pageSize=2&page=2&cursor=abc");
    expect(listHref("/dashboard/makeAdmin", { q: "ann", pageSize: 2 })).toBe("/dashboard/makeAdmin?q=ann&pageSize=2");
    expect(listHref("/dashboard/audit", { pageSize: undefined }, 1)).toBe("/dashboard/audit");
    expect(listHref("/dashboard/messages", { pageSize: 2, spageSize: 3 }, 2, "xyz", "s")).toBe("/dashboard/messages?pageSize=2&spageSize=3&spage=2&scursor=xyz");
  });

  it("one list's links keep where the other list on the page is (Messages: contact messages and subscribers)", async () => {
    const { listHref, listPosition, readPageQuery } = await import("@/components/admin/pagination");
    const subscribersAt = listPosition(readPageQuery({ spage: "3", scursor: "def" }, 50, "s"), "s");
    expect(listHref("/dashboard/messages", subscribersAt, 2, "abc")).toBe("/dashboard/messages?spage=3&scursor=def&page=2&cursor=abc");
    expect(listHref("/dashboard/messages", subscribersAt, 1)).toBe("/dashboard/messages?spage=3&scursor=def");
    const messagesAt = listPosition(readPageQuery({ page: "2", cursor: "abc" }, 25), "");
    expect(listHref("/dashboard/messages", messagesAt, 1, undefined, "s")).toBe("/dashboard/messages?page=2&cursor=abc");
    // A list on its first page adds nothing.
    expect(listPosition(readPageQuery({}, 25), "")).toEqual({});
  });

  it("Manage Order's links keep the filters and the size on every page, the first included", async () => {
    const { manageOrderHref } = await import("@/components/admin/order-filters");
    const filters = { state: "paid-pending", q: "ann@example.com" } as const;
    expect(manageOrderHref(filters, 2, "abc", 2)).toBe("/dashboard/manageOrder?status=paid&shipping=pending&q=ann%40example.com&pageSize=2&page=2&cursor=abc");
    expect(manageOrderHref(filters, 1, "abc", 2)).toBe("/dashboard/manageOrder?status=paid&shipping=pending&q=ann%40example.com&pageSize=2");
    expect(manageOrderHref({ state: "", q: "" }, 1, undefined, 2)).toBe("/dashboard/manageOrder?pageSize=2");
    expect(manageOrderHref({ state: "", q: "" })).toBe("/dashboard/manageOrder");
  });
});
