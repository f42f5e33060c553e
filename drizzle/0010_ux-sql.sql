-- Reviews can name a product now: the home page lists the visible reviews of the shop only, so its
-- total gets its own counter, kept by the same trigger in the same transaction as the write.
CREATE OR REPLACE FUNCTION review_row_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF TG_OP = 'INSERT' THEN PERFORM row_count_add('review', 1); END IF;
    IF NOT NEW.hidden THEN PERFORM row_count_add('review:visible', 1); END IF;
    IF NOT NEW.hidden AND NEW.product_id IS NULL THEN PERFORM row_count_add('review:shop-visible', 1); END IF;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    IF TG_OP = 'DELETE' THEN PERFORM row_count_add('review', -1); END IF;
    IF NOT OLD.hidden THEN PERFORM row_count_add('review:visible', -1); END IF;
    IF NOT OLD.hidden AND OLD.product_id IS NULL THEN PERFORM row_count_add('review:shop-visible', -1); END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
INSERT INTO row_count (key, n) SELECT 'review:shop-visible', count(*) FROM "review" WHERE NOT hidden AND product_id IS NULL
ON CONFLICT (key) DO UPDATE SET n = excluded.n;
