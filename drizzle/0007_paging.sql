CREATE TABLE "row_count" (
	"key" text PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_log_created_at_idx";--> statement-breakpoint
CREATE INDEX "audit_log_created_at_id_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_message_created_at_id_idx" ON "contact_message" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "newsletter_subscriber_created_at_email_idx" ON "newsletter_subscriber" USING btree ("created_at","email");--> statement-breakpoint
CREATE INDEX "review_created_at_id_idx" ON "review" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "review_visible_created_at_id_idx" ON "review" USING btree ("created_at","id") WHERE hidden = false;--> statement-breakpoint
CREATE INDEX "user_created_at_id_idx" ON "user" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_role_idx" ON "user" USING btree ("role");