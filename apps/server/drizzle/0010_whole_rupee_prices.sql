-- Selling prices are whole rupees (half up, never above the MRP), the same rule as @shop/core applyDiscount.
-- PostgreSQL 15 cannot change a generated column's expression in place: drop it (its index goes with it) and add it again.
ALTER TABLE "products" drop column "selling_price_paise";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "selling_price_paise" integer GENERATED ALWAYS AS (least("products"."price_paise", (("products"."price_paise"::bigint * (100 - "products"."discount_percent") + 5000) / 10000 * 100)::integer)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_active_price_idx" ON "products" USING btree ("selling_price_paise") WHERE "products"."status" = 'active';
