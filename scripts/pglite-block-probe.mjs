// How long single list and search queries hold the event loop on PGlite (one in-process connection)
// at 10 %, 30 % and 100 % of the bench:scale data set: `node scripts/pglite-block-probe.mjs`. Figures in
// docs/benchmarks.md; they set the start-up warning sizes in lib/db/pglite-size.ts.
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { pgliteOptions } from "../lib/db/pglite-options.mjs";
import { FULL_SCALE, generateScaleData } from "./scale-data.mjs";
const queries = {
  "users search (few)": `select count(*) from "user" where name ilike '%costa123%' or email ilike '%costa123%'`,
  "users search (a quarter)": `select count(*) from "user" where name ilike '%example.com%' or email ilike '%example.com%'`,
  "users page (keyset)": `select * from "user" where (created_at, id) > (now() - interval '300 days', 'x') order by created_at, id limit 51`,
  "orders by email, page+count": `select count(*) from orders where email ilike '%costa123%'`,
  "orders paid page": `select * from orders where status='paid' order by created_at desc, id desc limit 26`,
  "reviews public page": `select r.*, u.name from review r join "user" u on u.id=r.user_id where r.hidden=false order by r.created_at desc, r.id desc limit 13`,
  "catalog search count": `select count(*) from product where deleted_at is null and (name ilike '%No. 12%' or description ilike '%No. 12%')`,
  "catalog search page": `select * from product where deleted_at is null and (name ilike '%spokesh%' or description ilike '%spokesh%') order by created_at, id limit 12`,
};
for (const f of [0.1, 0.3, 1]) {
  const size = Object.fromEntries(Object.entries(FULL_SCALE).map(([k, v]) => [k, Math.round(v * f)]));
  const db = new PGlite(pgliteOptions());
  await db.waitReady;
  await migrate(drizzle(db), { migrationsFolder: "drizzle" });
  await generateScaleData((s) => db.exec(s), size);
  await db.exec("vacuum analyze");
  const out = {};
  for (const [name, q] of Object.entries(queries)) {
    const times = [];
    for (let i = 0; i < 5; i++) { const t = performance.now(); await db.query(q); times.push(performance.now() - t); }
    times.sort((a, b) => a - b);
    out[name] = `${times[2].toFixed(1)} (max ${times[4].toFixed(1)})`;
  }
  console.log(JSON.stringify({ orders: size.orders, users: size.users, reviews: size.reviews, products: size.products }), JSON.stringify(out, null, 1));
  await db.close();
}
