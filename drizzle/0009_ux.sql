DROP INDEX "review_user_id_unique";--> statement-breakpoint
ALTER TABLE "review" ADD COLUMN "product_id" text;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_shop_visible_created_at_id_idx" ON "review" USING btree ("created_at","id") WHERE hidden = false and product_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "review_user_shop_unique" ON "review" USING btree ("user_id") WHERE "review"."product_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "review_user_product_unique" ON "review" USING btree ("user_id","product_id") WHERE "review"."product_id" is not null;--> statement-breakpoint
CREATE INDEX "review_product_id_idx" ON "review" USING btree ("product_id");