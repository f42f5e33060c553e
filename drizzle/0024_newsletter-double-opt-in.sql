DROP INDEX "newsletter_subscriber_created_at_email_idx";--> statement-breakpoint
ALTER TABLE "newsletter_subscriber" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriber" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriber" ADD COLUMN "confirmation_mails" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Everyone who signed up before the confirmation mail existed stays on the list as they were (ADR 072:
-- for them confirmed_at is the sign-up time, not a confirmation; no mail was ever sent, so confirmation_mails is 0).
UPDATE "newsletter_subscriber" SET "confirmed_at" = "created_at";--> statement-breakpoint
CREATE INDEX "newsletter_subscriber_confirmed_created_at_email_idx" ON "newsletter_subscriber" USING btree ("created_at","email") WHERE confirmed_at is not null;--> statement-breakpoint
CREATE INDEX "newsletter_subscriber_unconfirmed_last_mail_idx" ON "newsletter_subscriber" USING btree (greatest(created_at, confirmation_sent_at)) WHERE confirmed_at is null;