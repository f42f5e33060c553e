import { sql } from "drizzle-orm";
import type { Actor } from "@/lib/accounts/roles";
import { getDb } from "@/lib/db/client";
import { listOutboxMail } from "@/lib/mail/outbox";

/** The admins' outbox page without SMTP_URL (app/dashboard/mail): every mail the shop wrote, newest first, paged. */
const actor = (role: Actor["role"]): Actor => ({
  userId: `usr_outbox_${role}`,
  role,
  email: `${role}@outbox.test`,
  name: role,
  imageUrl: null,
  emailVerified: true,
  memberSince: new Date("2026-01-01T00:00:00Z"),
  sessionId: "ses_outbox",
  signedInAt: new Date(),
  mustEnrolTwoFactor: false,
});

beforeAll(async () => {
  const db = await getDb();
  await db.execute(sql`delete from mail_outbox`);
  await db.execute(sql`
    insert into mail_outbox (id, "to", subject, text, created_at)
    select 'mail_page_' || lpad(i::text, 2, '0'), 'reader' || i || '@outbox.test', 'Mail number ' || i, 'Line one of ' || i || E'\nLine two',
           timestamptz '2026-11-01' + i * interval '1 minute'
    from generate_series(1, 23) as i`);
});

describe("the mail outbox for admins", () => {
  it("lists every mail newest first, with its text, a page at a time, and the true total", async () => {
    const first = await listOutboxMail(actor("admin"), { page: 1, pageSize: 10 });
    expect(first.total).toBe(23);
    expect(first.pageCount).toBe(3);
    expect(first.items.map((mail) => mail.id)).toEqual(Array.from({ length: 10 }, (_, i) => `mail_page_${String(23 - i).padStart(2, "0")}`));
    expect(first.items[0]).toMatchObject({ to: "reader23@outbox.test", subject: "Mail number 23", text: "Line one of 23\nLine two", sentAt: null });

    const second = await listOutboxMail(actor("admin"), { page: 2, pageSize: 10, cursor: first.nextCursor ?? undefined });
    expect(second.items.map((mail) => mail.id)[0]).toBe("mail_page_13");
    const third = await listOutboxMail(actor("admin"), { page: 3, pageSize: 10, cursor: second.nextCursor ?? undefined });
    expect(third.items.map((mail) => mail.id)).toEqual(["mail_page_03", "mail_page_02", "mail_page_01"]);
    expect(third.nextCursor).toBeNull();
    const back = await listOutboxMail(actor("admin"), { page: 2, pageSize: 10, cursor: third.prevCursor ?? undefined });
    expect(back.items.map((mail) => mail.id)).toEqual(second.items.map((mail) => mail.id));
  });

  it("refuses a customer before reading anything", async () => {
    await expect(listOutboxMail(actor("customer"), { page: 1, pageSize: 10 })).rejects.toMatchObject({ kind: "forbidden" });
  });
});
