-- A return is approved, then received (issue 40): its pieces go back to stock only when they are checked, each
-- restocked or written off (damaged), and the refund follows receipt.
ALTER TABLE "orders" ADD COLUMN "return_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_return_items" ADD COLUMN "restocked_quantity" integer;--> statement-breakpoint
ALTER TABLE "order_return_items" ADD COLUMN "written_off_quantity" integer;--> statement-breakpoint
ALTER TABLE "order_return_items" ADD CONSTRAINT "order_return_items_received_check" CHECK (coalesce("order_return_items"."restocked_quantity", 0) >= 0 AND coalesce("order_return_items"."written_off_quantity", 0) >= 0 AND coalesce("order_return_items"."restocked_quantity", 0) + coalesce("order_return_items"."written_off_quantity", 0) <= "order_return_items"."quantity");--> statement-breakpoint
-- Returns approved before: their pieces went back to stock at approval, so they count as received and restocked.
UPDATE "orders" SET "return_received_at" = coalesce("stock_released_at", "updated_at")
WHERE "return_reason" IS NOT NULL AND "status" IN ('returned', 'refunded') AND "delivered_at" IS NOT NULL;--> statement-breakpoint
UPDATE "order_return_items" SET "restocked_quantity" = "quantity", "written_off_quantity" = 0
WHERE "order_id" IN (SELECT "id" FROM "orders" WHERE "return_received_at" IS NOT NULL);--> statement-breakpoint
-- A piece written off is recorded in the ledger without changing the shelf (it never went back on sale).
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_change_check";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_change_check" CHECK ("stock_movements"."change" <> 0 OR "stock_movements"."reason" = 'return_written_off');--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason_check";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason_check" CHECK ("stock_movements"."reason" in ('order_reserved', 'order_released', 'order_retaken', 'bill', 'bill_void', 'bill_return', 'return_restocked', 'return_written_off', 'csv_import', 'admin_edit', 'seed'));--> statement-breakpoint
-- The timeline names the admin who acted (issue 40), not "admin".
ALTER TABLE "order_events" ADD COLUMN "actor_name" text;
