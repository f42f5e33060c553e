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
