// Bulk data for `npm run bench:scale` and the query-plan test: a shop of any size, written with
// generate_series in a handful of INSERT … SELECT statements (no API, no per-row round trip), into
// PostgreSQL or PGlite alike. Every generated id carries the `_s_` marker so the set can be told apart.

/** The issue's data set (#13). */
export const FULL_SCALE = { products: 10_000, users: 50_000, orders: 100_000, reviews: 50_000, messages: 10_000, subscribers: 10_000 };

/** A few seconds' worth, for the smoke run in CI. */
export const SMOKE_SCALE = { products: 200, users: 500, orders: 2_000, reviews: 400, messages: 100, subscribers: 100 };

const COUNTED = [["user", "user_row_count"], ["review", "review_row_count"], ["orders", "orders_row_count"]];

const FIRST = `array['Ada','Bob','Cleo','Dev','Edda','Finn','Gus','Hana','Ivo','Jun','Kai','Lena','Milo','Nora','Otto','Pia']`;
const LAST = `array['Smith','Hale','Okafor','Novak','Berg','Costa','Ito','Lund','Marsh','Quinn','Reyes','Stone']`;
const KIND = `array['Claw','Ball-Peen','Cross-Peen','Dead-Blow','Bench','Carving','Mortise','Block','Jack','Coping','Tenon','Flush']`;
const TOOL = `array['Hammer','Chisel','Plane','Saw','Rasp','Mallet','Gouge','Wrench','Spokeshave','Scraper']`;
const DOMAINS = `array['example.com','mail.test','workshop.test','scale.test']`;
const IMAGES = `array['/images/products/claw-hammer.webp','/images/products/combination-wrench.webp','/images/products/adjustable-wrench.webp']`;

/**
 * Writes the data set. `query` runs one SQL statement (pg's client.query or PGlite's exec).
 * `buyer` (optional): an existing account that gets `buyer.orders` of the orders, as the bench's
 * "customer with 500 orders".
 * @param {(sql: string) => Promise<unknown>} query
 * @param {{ products: number, users: number, orders: number, reviews: number, messages: number, subscribers: number }} size
 * @param {{ buyer?: { id: string, email: string, orders: number } }} [options]
 */
export async function generateScaleData(query, size, options = {}) {
  const { products, users, orders, reviews, messages, subscribers } = size;
  const reviewCount = Math.min(reviews, users);
  // The row-count triggers (drizzle/*-paging-sql.sql) would update one counter row per inserted row,
  // 100,000 versions of one row in one statement: off during the load, then every count taken once.
  for (const [table, trigger] of COUNTED) await query(`alter table "${table}" disable trigger ${trigger}`);
  // Trigram (GIN) indexes are built far faster in one pass than row by row: dropped for the load and
  // created again from their own definitions afterwards.
  await query(`do $$ declare r record; begin
    create table scale_load_gin as select indexname, indexdef from pg_indexes
      where schemaname = 'public' and tablename in ('product', 'user', 'orders') and indexdef like '%USING gin%';
    for r in select indexname from scale_load_gin loop execute format('drop index %I', r.indexname); end loop;
  end $$`);
  await query(`
    insert into product (id, name, description, image_url, price_cents, currency, stock, min_order_quantity, created_at, updated_at)
    select 'prd_s_' || i,
           (${KIND})[1 + i % 12] || ' ' || (${TOOL})[1 + (i / 12) % 10] || ' No. ' || i,
           'Forged and ground by hand: a ' || lower((${TOOL})[1 + (i / 12) % 10]) || ' for joiners, pattern ' || md5(i::text),
           (${IMAGES})[1 + i % 3], 500 + (i * 37) % 20000, 'USD', 1000000000, 1,
           now() - i * interval '1 minute', now()
    from generate_series(1, ${products}) as i`);
  // Tools taken off sale (Deleted Products), one for every fifty on sale, under ids of their own so
  // that no random pick of the bench (prd_s_<n>) lands on one.
  await query(`
    insert into product (id, name, description, image_url, price_cents, currency, stock, min_order_quantity, created_at, updated_at, deleted_at)
    select 'prd_s_deleted_' || i, 'Retired ' || (${TOOL})[1 + i % 10] || ' No. ' || i, 'Taken off sale, pattern ' || md5(i::text),
           (${IMAGES})[1 + i % 3], 500 + (i * 41) % 20000, 'USD', i % 40, 1,
           now() - interval '200 days' + i * interval '1 hour', now(), now() - i * interval '3 hours'
    from generate_series(1, ${Math.max(1, Math.floor(products / 50))}) as i`);
  await query(`
    insert into "user" (id, name, email, email_verified, created_at, updated_at)
    select 'usr_s_' || i, (${FIRST})[1 + i % 16] || ' ' || (${LAST})[1 + (i / 16) % 12] || ' ' || i,
            lower((${FIRST})[1 + i % 16]) || '.' || lower((${LAST})[1 + (i / 16) % 12]) || i || '@' || (${DOMAINS})[1 + i % 4],
           true, now() - interval '400 days' + i * interval '1 second', now()
    from generate_series(1, ${users}) as i`);
  // Orders: two thirds paid (half of those shipped), newest first by number, spread over every account.
  const buyer = options.buyer;
  const buyerOrders = buyer ? Math.min(buyer.orders, orders) : 0;
  // Orders have lines (one line each here) and a shipping address; the line's product is recomputed from i.
  const orderColumns = `id, user_id, subtotal_cents, shipping_cents, total_cents, currency, email, phone,
    ship_name, ship_line1, ship_city, ship_region, ship_postal_code, ship_country,
    status, shipping, payment_ref, created_at, expires_at, paid_at, shipped_at`;
  const lineTotal = `(500 + (p * 37) % 20000) * (1 + i % 5)`;
  const orderValues = (userId, email) => `
    select 'ord_s_' || i, ${userId}, ${lineTotal}, 0, ${lineTotal}, 'USD', ${email},
           '+1 555 010 ' || lpad((i % 10000)::text, 4, '0'),
           'Scale Buyer ' || i, i || ' Forge Lane', 'Sheffield', 'South Yorkshire', 'S1 2AB', 'United Kingdom',
           case when i % 3 = 0 then 'unpaid' else 'paid' end,
           case when i % 3 <> 0 and i % 2 = 0 then 'shipped' else 'pending' end,
           case when i % 3 = 0 then null else 'pi_scale_' || i end,
           now() - i * interval '37 seconds',
           case when i % 3 = 0 then now() + interval '1 day' else null end,
           case when i % 3 = 0 then null else now() - i * interval '37 seconds' + interval '5 minutes' end,
           case when i % 3 <> 0 and i % 2 = 0 then now() - i * interval '37 seconds' + interval '1 day' else null end`;
  await query(`
    insert into orders (${orderColumns})
    ${orderValues(`'usr_s_' || u`, `lower((${FIRST})[1 + u % 16]) || '.' || lower((${LAST})[1 + (u / 16) % 12]) || u || '@' || (${DOMAINS})[1 + u % 4]`)}
    from (select i, 1 + ((i::bigint * 7919) % ${users})::int as u, 1 + ((i::bigint * 104729) % ${products})::int as p
          from generate_series(${buyerOrders + 1}, ${orders}) as i) as s`);
  if (buyer && buyerOrders > 0) {
    await query(`
      insert into orders (${orderColumns})
      ${orderValues(`'${buyer.id.replace(/'/g, "''")}'`, `'${buyer.email.replace(/'/g, "''")}'`)}
      from (select i, 1 + ((i::bigint * 104729) % ${products})::int as p from generate_series(1, ${buyerOrders}) as i) as s`);
  }
  await query(`
    insert into order_line (id, order_id, position, product_id, product_name, product_image_url, quantity, unit_price_cents, total_cents)
    select 'oln_s_' || i, 'ord_s_' || i, 1, 'prd_s_' || p, (${KIND})[1 + p % 12] || ' ' || (${TOOL})[1 + (p / 12) % 10] || ' No. ' || p,
           (${IMAGES})[1 + p % 3], 1 + i % 5, 500 + (p * 37) % 20000, ${lineTotal}
    from (select i, 1 + ((i::bigint * 104729) % ${products})::int as p from generate_series(1, ${orders}) as i) as s`);
  // The audit log a shop of this size has: each product's creation and each shipped order's shipping,
  // by an admin among the generated accounts (the first), at the times of those events.
  await query(`
    insert into audit_log (id, actor_id, action, entity, entity_id, before, after, created_at)
    select 'aud_s_p' || i, 'usr_s_1', 'product.create', 'product', 'prd_s_' || i, null,
           jsonb_build_object('name', 'Scale tool ' || i, 'priceCents', 500 + (i * 37) % 20000, 'stock', 1000000000, 'minOrderQuantity', 1),
           now() - i * interval '1 minute'
    from generate_series(1, ${products}) as i`);
  await query(`
    insert into audit_log (id, actor_id, action, entity, entity_id, before, after, created_at)
    select 'aud_s_o' || i, 'usr_s_1', 'order.shipping', 'order', 'ord_s_' || i,
           jsonb_build_object('number', 'TF-' || (100000 + i), 'email', 'buyer' || i || '@scale.test', 'shipping', 'pending'),
           jsonb_build_object('shipping', 'shipped'),
           now() - i * interval '37 seconds' + interval '1 day'
    from generate_series(1, ${orders}) as i where i % 3 <> 0 and i % 2 = 0`);
  await query(`
    insert into review (id, user_id, text, rating, hidden, created_at, updated_at)
    select 'rev_s_' || i, 'usr_s_' || i,
           'Holds an edge and feels balanced in the hand. Bought for the workshop, review number ' || i || '.',
           1 + (i % 9) * 0.5, i % 50 = 0, now() - i * interval '53 seconds', now()
    from generate_series(1, ${reviewCount}) as i`);
  // Reviews of tools (a fifth as many again), on the first fifty: each of those has a page of reviews
  // to page through (at the issue-13 size, 200 each), by accounts that also reviewed the shop.
  await query(`
    insert into review (id, user_id, product_id, text, rating, hidden, created_at, updated_at)
    select 'rev_sp_' || i, 'usr_s_' || i, 'prd_s_' || (1 + i % ${Math.min(50, products)}),
           'Sharp out of the box and true along its length. Product review number ' || i || '.',
           1 + (i % 9) * 0.5, i % 40 = 0, now() - i * interval '71 seconds', now()
    from generate_series(1, ${Math.floor(reviewCount / 5)}) as i`);
  await query(`
    insert into contact_message (id, name, email, company, country, message, created_at)
    select 'msg_s_' || i, (${FIRST})[1 + i % 16] || ' ' || (${LAST})[1 + i % 12], 'writer' || i || '@scale.test',
           'Joinery ' || i, 'Norway', 'Do you ship chisels in bulk to our workshop? Message ' || i || '. ' || repeat('We need a quote. ', 1 + i % 20),
           now() - i * interval '61 seconds'
    from generate_series(1, ${messages}) as i`);
  await query(`
    insert into newsletter_subscriber (id, email, created_at, confirmed_at)
    select 'sub_s_' || i, 'reader' || i || '@scale.test', now() - interval '300 days' + i * interval '1 second',
           -- One sign-up in twenty was never confirmed (ADR 072): the lists and the export leave them out.
           case when i % 20 = 0 then null else now() - interval '300 days' + i * interval '1 second' + interval '10 minutes' end
    from generate_series(1, ${subscribers}) as i`);
  await query(`do $$ declare r record; begin
    for r in select indexdef from scale_load_gin loop execute r.indexdef; end loop;
    drop table scale_load_gin;
  end $$`);
  for (const [table, trigger] of COUNTED) await query(`alter table "${table}" enable trigger ${trigger}`);
  await query(`
    insert into row_count (key, n)
    select 'user', count(*) from "user"
    union all select 'review', count(*) from review
    union all select 'review:visible', count(*) from review where not hidden
    union all select 'review:shop-visible', count(*) from review where not hidden and product_id is null
    union all select 'orders:' || status || ':' || shipping, count(*) from orders group by status, shipping
    on conflict (key) do update set n = excluded.n`);
  // Fresh statistics, as autovacuum would gather soon after such a load: the planner sees the real sizes.
  await query("analyze");
}
