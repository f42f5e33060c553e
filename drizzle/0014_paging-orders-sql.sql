-- Manage Order's search by customer email (ILIKE '%…%') through a trigram index (pg_trgm: 0005).
CREATE INDEX IF NOT EXISTS "orders_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
-- Exact order totals per status and shipping state ("orders:<status>:<shipping>" in row_count) for
-- Manage Order. The trigger is DEFERRED to the commit: a placement, payment or cancellation takes its
-- product and order locks first and touches the counter rows only at the very end, so no transaction
-- ever waits for a product while holding a counter (a deadlock with a concurrent placement otherwise).
-- When one change moves an order between two counters, they are locked in sorted order: two
-- transactions never wait on each other's counter in a cycle.
CREATE OR REPLACE FUNCTION orders_row_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN new_key := 'orders:' || NEW.status || ':' || NEW.shipping; END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN old_key := 'orders:' || OLD.status || ':' || OLD.shipping; END IF;
  IF new_key IS NOT DISTINCT FROM old_key THEN RETURN NULL; END IF;
  IF old_key IS NOT NULL AND (new_key IS NULL OR old_key < new_key) THEN
    PERFORM row_count_add(old_key, -1);
    IF new_key IS NOT NULL THEN PERFORM row_count_add(new_key, 1); END IF;
  ELSE
    PERFORM row_count_add(new_key, 1);
    IF old_key IS NOT NULL THEN PERFORM row_count_add(old_key, -1); END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_row_count AFTER INSERT OR DELETE OR UPDATE OF status, shipping ON "orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION orders_row_count();
--> statement-breakpoint
INSERT INTO row_count (key, n) SELECT 'orders:' || status || ':' || shipping, count(*) FROM "orders" GROUP BY status, shipping
ON CONFLICT (key) DO UPDATE SET n = excluded.n;
