import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import * as ordersRoute from "@/app/api/orders/route";
import * as orderRoute from "@/app/api/orders/[id]/route";
import * as adminMailRoute from "@/app/api/admin/mail/route";
import * as retryRoute from "@/app/api/admin/mail/retry/route";
import { getDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { readinessChecks, registeredGauges } from "@/lib/health/registry";
import { jobBacklog, runJobNow, startJobs, stopJobs } from "@/lib/jobs";
import { deliverDueMail, MAX_MAIL_ATTEMPTS, waitForPendingMail } from "@/lib/mail";
import { mailOutbox, order } from "@/models/schema";
import { makeRequest, noParams, signUp, type Session } from "@/tests/fixtures/http";
import { signUpAdmin } from "@/tests/fixtures/mail";
import { createProduct, stockOf, TEST_ADDRESS } from "@/tests/fixtures/shop";

type Order = { id: string; number: string; status: string };

let server: SMTPServer;
let refuseNext = 0;
// While set, the server keeps the next mail's answer until it is called: a slow mail server.
let holdNext: Promise<void> | null = null;
const delivered: string[] = [];
let customer: Session;
let admin: Session;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let body = "";
      stream.on("data", (chunk: Buffer) => (body += chunk.toString()));
      stream.on("end", async () => {
        if (holdNext) {
          const held = holdNext;
          holdNext = null;
          await held;
        }
        if (refuseNext > 0) {
          refuseNext -= 1;
          const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
          callback(error);
          return;
        }
        delivered.push(body);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
  resetEnvForTests();
  customer = await signUp({ name: "Jobby Customer" });
  admin = await signUpAdmin();
  await waitForPendingMail();
});

afterAll(async () => {
  await stopJobs();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  delete process.env.SMTP_URL;
  resetEnvForTests();
});

async function place(productId: string, quantity: number): Promise<Order> {
  const response = await ordersRoute.POST(
    makeRequest("/api/orders", { method: "POST", json: { productId, quantity, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS }, cookie: customer.cookie }),
    noParams(),
  );
  expect(response.status).toBe(201);
  return (await response.json()) as Order;
}

async function mailRow(subject: string) {
  const db = await getDb();
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject));
  return row;
}

async function makeDue(subject: string) {
  const db = await getDb();
  await db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.subject, subject));
}

describe("the mail worker", () => {
  it("retries a refused mail with growing pauses until the server takes it, and admins see it meanwhile", async () => {
    const item = await createProduct({ stock: 10 });
    refuseNext = 2;
    const created = await place(item.id, 1);
    const subject = `Your ToolForge order ${created.number}`;
    await waitForPendingMail();
    const first = await mailRow(subject);
    expect(first).toMatchObject({ attempts: 1, sentAt: null });
    expect(first?.error).toContain("try again later");
    const firstWait = (first?.nextAttemptAt?.getTime() ?? 0) - Date.now();
    expect(firstWait).toBeGreaterThan(50_000);
    expect(firstWait).toBeLessThan(70_000);

    const listed = await adminMailRoute.GET(makeRequest("/api/admin/mail", { cookie: admin.cookie }), noParams());
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { items: { subject: string; attempts: number }[] }).items).toContainEqual(expect.objectContaining({ subject, attempts: 1 }));
    expect((await adminMailRoute.GET(makeRequest("/api/admin/mail", { cookie: customer.cookie }), noParams())).status).toBe(403);

    // Not due yet: the worker leaves it alone.
    expect(await deliverDueMail()).toBe(0);
    expect((await mailRow(subject))?.attempts).toBe(1);

    await makeDue(subject);
    expect(await deliverDueMail()).toBe(0);
    const second = await mailRow(subject);
    expect(second?.attempts).toBe(2);
    const secondWait = (second?.nextAttemptAt?.getTime() ?? 0) - Date.now();
    expect(secondWait).toBeGreaterThan(110_000);
    expect(secondWait).toBeLessThan(130_000);

    await makeDue(subject);
    expect(await deliverDueMail()).toBe(1);
    const sent = await mailRow(subject);
    expect(sent?.sentAt).toBeInstanceOf(Date);
    expect(sent?.attempts).toBe(3);
    expect(delivered.filter((body) => body.includes(created.number))).toHaveLength(1);
    expect(await deliverDueMail()).toBe(0);
  });
});

describe("a try in progress", () => {
  it("holds its mail for ten minutes, so no other round sends it meanwhile, and a failure then sets the back-off", async () => {
    const item = await createProduct({ stock: 10 });
    let release = () => {};
    holdNext = new Promise<void>((resolve) => (release = resolve));
    refuseNext = 1;
    const created = await place(item.id, 1);
    const subject = `Your ToolForge order ${created.number}`;
    // The request's own try is talking to the slow server: the claim covers far more than its back-off.
    let row = await mailRow(subject);
    for (let waited = 0; row?.attempts !== 1 && waited < 50; waited += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await mailRow(subject);
    }
    expect(row?.attempts).toBe(1);
    expect((row?.nextAttemptAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(await deliverDueMail()).toBe(0);
    release();
    await waitForPendingMail();
    const failed = await mailRow(subject);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null });
    const wait = (failed?.nextAttemptAt?.getTime() ?? 0) - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThan(70_000);
  });
});

describe("mail the worker gave up on", () => {
  it("is queued again by an admin after the outage, and then sent", async () => {
    const item = await createProduct({ stock: 10 });
    refuseNext = 1;
    const created = await place(item.id, 1);
    const subject = `Your ToolForge order ${created.number}`;
    await waitForPendingMail();
    // The outage outlasted every try.
    const db = await getDb();
    await db.update(mailOutbox).set({ attempts: MAX_MAIL_ATTEMPTS, nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.subject, subject));
    expect(await deliverDueMail()).toBe(0);
    const retry = () => retryRoute.POST(makeRequest("/api/admin/mail/retry", { method: "POST", cookie: admin.cookie }), noParams());
    expect((await retryRoute.POST(makeRequest("/api/admin/mail/retry", { method: "POST", cookie: customer.cookie }), noParams())).status).toBe(403);
    expect((await mailRow(subject))?.attempts).toBe(MAX_MAIL_ATTEMPTS);
    // A last try that began a moment ago (its claim set the next try 6 hours ahead) may still be sending: left alone.
    await db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() + 6 * 3600_000 - 60_000) }).where(eq(mailOutbox.subject, subject));
    expect(((await (await retry()).json()) as { retried: number }).retried).toBe(0);
    expect((await mailRow(subject))?.attempts).toBe(MAX_MAIL_ATTEMPTS);
    // A mail still in its back-off (3 tries, the next due in a minute) is not one the worker gave up on.
    const backingOff = `${subject} backing off`;
    await db.insert(mailOutbox).values({ id: `mail_${created.id}_backoff`, to: customer.email, subject: backingOff, text: "Still trying.", attempts: 3, nextAttemptAt: new Date(Date.now() + 60_000) });
    await db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() + 5 * 3600_000) }).where(eq(mailOutbox.subject, subject));
    const answered = await retry();
    expect(answered.status).toBe(200);
    expect(((await answered.json()) as { retried: number }).retried).toBeGreaterThanOrEqual(1);
    expect(await mailRow(subject)).toMatchObject({ attempts: 0, nextAttemptAt: null, sentAt: null });
    expect((await mailRow(backingOff))?.attempts).toBe(3);
    expect(await deliverDueMail()).toBeGreaterThanOrEqual(1);
    expect((await mailRow(subject))?.sentAt).toBeInstanceOf(Date);
    expect(delivered.filter((body) => body.includes(created.number))).toHaveLength(1);
    // Nothing is left to queue again.
    expect(((await (await retry()).json()) as { retried: number }).retried).toBe(0);
  });
});

describe("the job runner", () => {
  it("expires overdue orders as a scheduled job, reports readiness and its backlog", async () => {
    await startJobs();
    const ready = readinessChecks().find(([name]) => name === "jobs");
    expect(await ready?.[1]()).toMatchObject({ ok: true, detail: process.env.DATABASE_URL ? "pg-boss" : "loop" });
    expect(registeredGauges().map((g) => g.name)).toContain("toolforge_job_queue_depth");

    const item = await createProduct({ stock: 10 });
    const created = await place(item.id, 4);
    const db = await getDb();
    await db.update(order).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(order.id, created.id));
    expect((await jobBacklog())["order-expiry"]).toBeGreaterThanOrEqual(1);

    await runJobNow("order-expiry");
    const [row] = await db.select().from(order).where(eq(order.id, created.id));
    expect(row?.status).toBe("expired");
    expect(await stockOf(item.id)).toBe(10);
    expect((await jobBacklog())["order-expiry"]).toBe(0);
    const read = (await (await orderRoute.GET(makeRequest(`/api/orders/${created.id}`, { cookie: customer.cookie }), noParams({ id: created.id }))).json()) as Order;
    expect(read.status).toBe("expired");

    await stopJobs();
    expect(readinessChecks().some(([name]) => name === "jobs")).toBe(false);
  });
});

describe("the outbox's retention", () => {
  afterEach(() => {
    delete process.env.MAIL_RETENTION_DAYS;
    resetEnvForTests();
  });

  it("removes mail delivered more than MAIL_RETENTION_DAYS ago, keeps newer and undelivered mail, and keeps all with 0", async () => {
    const db = await getDb();
    const day = 24 * 60 * 60 * 1000;
    const stamp = Date.now().toString(36);
    const mail = (name: string, sentDaysAgo: number | null) => ({
      id: `mail_${stamp}_${name}`,
      to: `${name}-${stamp}@example.com`,
      subject: "Kept or swept",
      text: "A name, an address, an order.",
      createdAt: new Date(Date.now() - (sentDaysAgo ?? 200) * day),
      sentAt: sentDaysAgo === null ? null : new Date(Date.now() - sentDaysAgo * day),
    });
    // More old mail than one batch of the sweep (1,000): one run removes it all.
    const backlog = Array.from({ length: 1_234 }, (_, index) => mail(`backlog${String(index).padStart(4, "0")}`, 120));
    await db.insert(mailOutbox).values([mail("old", 91), mail("recent", 89), mail("undelivered", null), ...backlog]);
    const left = async () =>
      (await db.select({ id: mailOutbox.id }).from(mailOutbox)).map((row) => row.id).filter((id) => id.startsWith(`mail_${stamp}_`)).sort();

    process.env.MAIL_RETENTION_DAYS = "0";
    resetEnvForTests();
    await runJobNow("mail-sweep");
    expect(await left()).toHaveLength(3 + backlog.length);

    delete process.env.MAIL_RETENTION_DAYS;
    resetEnvForTests();
    await runJobNow("mail-sweep");
    expect(await left()).toEqual([`mail_${stamp}_recent`, `mail_${stamp}_undelivered`]);
  });
});
