-- Manage Order's search by customer email (ILIKE '%…%') through a trigram index (pg_trgm: 0005).
CREATE INDEX IF NOT EXISTS "orders_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops) WITH (fastupdate = off);
