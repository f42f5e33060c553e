import { eq } from "drizzle-orm";
import pg from "pg";
import { listProducts } from "@/lib/catalog/service";
import { getDatabase, getDb } from "@/lib/db/client";
import { productQuerySchema } from "@/models/catalog";
import { product } from "@/models/schema";
import { announceChange, CHANGE_CHANNEL, receiveNotice } from "./index";
import { ChangeListener } from "./listener";

const onPostgres = Boolean(process.env.DATABASE_URL);
const newest = productQuerySchema.parse({ sort: "newest", pageSize: 48 });
const PRODUCT = "prd_claw_hammer_16oz";

async function priceShown(): Promise<number | undefined> {
  return (await listProducts(newest)).items.find((p) => p.id === PRODUCT)?.priceCents;
}

/** Changes the price behind the services' back, as another instance's write would. */
async function setPriceDirectly(cents: number): Promise<void> {
  const db = await getDb();
  await db.update(product).set({ priceCents: cents }).where(eq(product.id, PRODUCT));
}

async function eventually<T>(read: () => Promise<T> | T, until: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (until(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("change notices", () => {
  // Opening (and migrating) the database takes longer than a cache entry lives.
  beforeAll(() => getDb());

  it("an announced catalog change drops this instance's cached catalog at once", async () => {
    const before = await priceShown();
    expect(before).toBeDefined();
    await setPriceDirectly(12_345);
    expect(await priceShown()).toBe(before); // still the cached read
    await announceChange("catalog");
    expect(await priceShown()).toBe(12_345);
  });

  it("a notice from another instance drops the cache; our own and malformed ones are ignored", async () => {
    await priceShown();
    await setPriceDirectly(23_456);
    receiveNotice("not json");
    receiveNotice(JSON.stringify({ topic: "everything", origin: "other-instance" }));
    expect(await priceShown()).not.toBe(23_456);
    receiveNotice(JSON.stringify({ topic: "catalog", origin: "other-instance" }));
    expect(await priceShown()).toBe(23_456);
  });

  (onPostgres ? describe : describe.skip)("on PostgreSQL", () => {
    const url = process.env.DATABASE_URL ?? "";
    const listeners: ChangeListener[] = [];
    afterAll(async () => {
      await Promise.all(listeners.map((l) => l.stop()));
    });

    it("opens a listener with the database: another instance's NOTIFY reaches this one's catalog", async () => {
      expect((await getDatabase()).engine).toBe("postgres");
      await priceShown();
      await setPriceDirectly(34_567);
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        await other.query("select pg_notify($1, $2)", [CHANGE_CHANNEL, JSON.stringify({ topic: "catalog", origin: "instance-b" })]);
      } finally {
        await other.end();
      }
      await eventually(priceShown, (price) => price === 34_567, "the notice dropped the cache");
    });

    it("two listeners both see one announcement, and both hear again after losing their connection", async () => {
      const heard: string[][] = [[], []];
      const reconnected = [0, 0];
      for (const i of [0, 1]) {
        const listener = new ChangeListener({
          url,
          onNotice: (payload) => heard[i]?.push(payload ?? ""),
          onReconnect: () => (reconnected[i] = (reconnected[i] ?? 0) + 1),
          retryMs: { first: 20, max: 200 },
        });
        listeners.push(listener);
        expect(await listener.start()).toBe(true);
      }
      await announceChange("catalog");
      await eventually(() => heard.map((h) => h.length), (counts) => counts.every((n) => n === 1), "both listeners heard it");
      for (const payload of heard.flat()) expect(JSON.parse(payload)).toMatchObject({ topic: "catalog" });

      // The database drops every listening connection (a restart or failover looks the same).
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'toolforge-changes' and datname = current_database()");
      } finally {
        await admin.end();
      }
      await eventually(() => reconnected, (counts) => counts.every((n) => n >= 1), "both listeners reconnected");
      await announceChange("catalog");
      await eventually(() => heard.map((h) => h.length), (counts) => counts.every((n) => n === 2), "both listeners heard the next one");
      expect(listeners.every((l) => l.listening)).toBe(true);

      // This process's own listener came back too: a foreign notice still reaches its catalog.
      await priceShown();
      await setPriceDirectly(45_678);
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        await other.query("select pg_notify($1, $2)", [CHANGE_CHANNEL, JSON.stringify({ topic: "catalog", origin: "instance-b" })]);
      } finally {
        await other.end();
      }
      await eventually(priceShown, (price) => price === 45_678, "the reconnected listener dropped the cache");
    });
  });
});
