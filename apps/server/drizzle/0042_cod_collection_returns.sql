-- Issue 41, cash on delivery after confirmation: a parcel back at the shop puts its pieces back on sale under a
-- reason of its own; a COD order's return keeps the shopper's UPI ID, and its refund, sent by hand, its UPI
-- transaction reference (a refund with a reference never goes to Razorpay).
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason_check";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason_check" CHECK ("stock_movements"."reason" in ('order_reserved', 'order_released', 'order_retaken', 'bill', 'bill_void', 'bill_return', 'return_restocked', 'return_written_off', 'returned_to_origin', 'csv_import', 'admin_edit', 'seed'));--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_upi_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_return_upi_id_check" CHECK ("orders"."return_upi_id" is null or ("orders"."payment_method" = 'cod' and length("orders"."return_upi_id") <= 320));--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reference_check" CHECK ("refunds"."reference" is null or ("refunds"."razorpay_refund_id" is null and "refunds"."status" = 'processed' and length("refunds"."reference") <= 35));
