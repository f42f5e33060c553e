-- Manage Order's search by customer email (ILIKE '%…%') through a trigram index (pg_trgm: 0005).
CREATE INDEX IF NOT EXISTS "orders_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
-- Exact order totals per status and shipping state ("orders:<status>:<shipping>" in row_count), kept
-- in the transaction of every insert, delete and status or shipping change; a filter sums a few rows.
CREATE OR REPLACE FUNCTION orders_row_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM row_count_add('orders:' || NEW.status || ':' || NEW.shipping, 1);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM row_count_add('orders:' || OLD.status || ':' || OLD.shipping, -1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_row_count AFTER INSERT OR DELETE OR UPDATE OF status, shipping ON "orders" FOR EACH ROW EXECUTE FUNCTION orders_row_count();
--> statement-breakpoint
INSERT INTO row_count (key, n) SELECT 'orders:' || status || ':' || shipping, count(*) FROM "orders" GROUP BY status, shipping
ON CONFLICT (key) DO UPDATE SET n = excluded.n;
