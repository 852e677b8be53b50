-- An online return puts its pieces back under a reason of its own (issue 38), not 'order_released' (an unpaid
-- order expired, withdrawn or cancelled).
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason_check";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason_check" CHECK ("stock_movements"."reason" in ('order_reserved', 'order_released', 'order_retaken', 'bill', 'bill_void', 'bill_return', 'return_restocked', 'csv_import', 'admin_edit', 'seed'));--> statement-breakpoint
-- Returns received before: the only pieces an order puts back after it was delivered are its return's.
UPDATE "stock_movements" SET "reason" = 'return_restocked'
WHERE "reason" = 'order_released' AND "change" > 0 AND "order_id" IN (
  SELECT "id" FROM "orders" WHERE "orders"."delivered_at" IS NOT NULL AND "orders"."return_reason" IS NOT NULL
    AND "stock_movements"."created_at" >= "orders"."delivered_at"
);--> statement-breakpoint
-- Each line of a return keeps the reason it was asked with: a second request joins the open return (issue 38).
-- Lines of returns asked before have none; the order's return_reason stands for them.
ALTER TABLE "order_return_items" ADD COLUMN "reason" text;
