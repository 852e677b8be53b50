-- Issue 43: a buyer registered for GST (a shopper at checkout, a customer at the counter) gives her GSTIN and the
-- business name it is registered under; the tax invoice states them. Kept on the order and the bill as given (like
-- the seller of migration 0032), with her state by the GSTIN's first two digits. All three or none: a sale to an
-- unregistered buyer has none, as every order and bill before.
ALTER TABLE "orders" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_business_buyer_check" CHECK (("orders"."buyer_gstin" is null and "orders"."buyer_name" is null and "orders"."buyer_state" is null) or (length("orders"."buyer_gstin") = 15 and length("orders"."buyer_name") between 1 and 120 and "orders"."buyer_state" is not null));--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "buyer_name" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "buyer_state" text;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_business_buyer_check" CHECK (("bills"."buyer_gstin" is null and "bills"."buyer_name" is null and "bills"."buyer_state" is null) or (length("bills"."buyer_gstin") = 15 and length("bills"."buyer_name") between 1 and 120 and "bills"."buyer_state" is not null));
