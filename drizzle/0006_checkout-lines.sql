ALTER TABLE "orders" DROP CONSTRAINT "order_quantity_positive";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "order_total_matches";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_product_id_product_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "subtotal_cents" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "product_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "product_name";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "product_image_url";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "quantity";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "unit_price_cents";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "order_shipping_nonnegative" CHECK ("orders"."shipping_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "order_total_matches" CHECK ("orders"."total_cents" = "orders"."subtotal_cents" + "orders"."shipping_cents");