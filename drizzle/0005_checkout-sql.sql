-- Every order placed before orders had lines becomes a one-line order; its subtotal is its old total
-- (there was no shipping charge), and an unpaid one is held for one more day from now instead of
-- expiring the moment this migration runs.
INSERT INTO "order_line" ("id", "order_id", "position", "product_id", "product_name", "product_image_url", "quantity", "unit_price_cents", "total_cents")
SELECT 'oln_' || "id", "id", 1, "product_id", "product_name", "product_image_url", "quantity", "unit_price_cents", "total_cents"
FROM "orders";
--> statement-breakpoint
UPDATE "orders" SET "subtotal_cents" = "total_cents", "shipping_cents" = 0;
--> statement-breakpoint
UPDATE "orders" SET "expires_at" = now() + interval '1 day' WHERE "status" = 'unpaid';
--> statement-breakpoint
UPDATE "orders" SET "shipped_at" = "paid_at" WHERE "shipping" = 'shipped';
