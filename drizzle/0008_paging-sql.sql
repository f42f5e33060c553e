-- Search by fragment (ILIKE '%…%') through trigram indexes: the catalog, and Make Admin by name or email.
-- PGlite loads pg_trgm through lib/db/pglite-options.mjs.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_name_trgm_idx" ON "product" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_description_trgm_idx" ON "product" USING gin ("description" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_name_trgm_idx" ON "user" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
-- Exact totals of the big lists without counting every row: row_count is kept by these triggers, in the
-- same transaction as the insert, update or delete that changes the count.
CREATE OR REPLACE FUNCTION row_count_add(counter text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO row_count (key, n) VALUES (counter, delta)
  ON CONFLICT (key) DO UPDATE SET n = row_count.n + excluded.n;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_row_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM row_count_add('user', 1);
  ELSIF TG_OP = 'DELETE' THEN PERFORM row_count_add('user', -1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_row_count AFTER INSERT OR DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION user_row_count();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_row_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF TG_OP = 'INSERT' THEN PERFORM row_count_add('review', 1); END IF;
    IF NOT NEW.hidden THEN PERFORM row_count_add('review:visible', 1); END IF;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    IF TG_OP = 'DELETE' THEN PERFORM row_count_add('review', -1); END IF;
    IF NOT OLD.hidden THEN PERFORM row_count_add('review:visible', -1); END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER review_row_count AFTER INSERT OR DELETE OR UPDATE OF hidden ON "review" FOR EACH ROW EXECUTE FUNCTION review_row_count();
--> statement-breakpoint
INSERT INTO row_count (key, n) SELECT 'user', count(*) FROM "user"
  UNION ALL SELECT 'review', count(*) FROM "review"
  UNION ALL SELECT 'review:visible', count(*) FROM "review" WHERE NOT hidden
ON CONFLICT (key) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
-- Trigram indexes without GIN's pending list: a new account's (or product's) entries go straight into
-- the index, so a search right after many sign-ups neither scans an unsorted list nor makes the planner
-- fall back to reading the whole table until autovacuum comes round. Writes to these columns are rare.
ALTER INDEX "product_name_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "product_description_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "user_name_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "user_email_trgm_idx" SET (fastupdate = off);
