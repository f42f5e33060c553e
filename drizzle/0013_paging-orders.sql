DROP INDEX "orders_user_id_idx";--> statement-breakpoint
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
CREATE INDEX "orders_user_id_created_at_id_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_at_id_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_at_id_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_shipping_created_at_id_idx" ON "orders" USING btree ("status","shipping","created_at","id");