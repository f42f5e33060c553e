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
