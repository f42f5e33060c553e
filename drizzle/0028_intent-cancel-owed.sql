ALTER TABLE "orders" ADD COLUMN "payment_intent_closed_at" timestamp with time zone;--> statement-breakpoint
-- Orders closed before this column existed had their cancel tried once, after their commit: those of
-- the last day are tried again by the retry job (ADR 024); older ones are taken as done.
UPDATE "orders" SET "payment_intent_closed_at" = coalesce("cancelled_at", "expired_at")
  WHERE status in ('cancelled', 'expired') and payment_intent_id is not null
    and coalesce("cancelled_at", "expired_at") < now() - interval '1 day';--> statement-breakpoint
CREATE INDEX "orders_intent_cancel_owed_idx" ON "orders" USING btree ("id") WHERE status in ('cancelled', 'expired') and payment_intent_id is not null and payment_intent_closed_at is null;
