-- The counter's discounts and round-off (issue 40): a flat ₹ discount on the bill after its percentage, a discount of
-- each line's own, the total rounded to the nearest rupee with the difference stored as its own line (not taxed), and
-- a typed-in line's chosen GST rate (a service such as SAC 9988 job work) instead of the garment rule. Bills made
-- before keep 0 everywhere, which is what they were.
ALTER TABLE "bills" ADD COLUMN "discount_flat_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "round_off_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_items" ADD COLUMN "discount_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_items" ADD COLUMN "discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_items" ADD COLUMN "gst_rate_basis_points" integer;--> statement-breakpoint
ALTER TABLE "bills" DROP CONSTRAINT "bills_amounts_check";--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_amounts_check" CHECK ("bills"."subtotal_paise" >= 0 and "bills"."total_paise" >= 0 and "bills"."total_paise" - "bills"."round_off_paise" between 0 and "bills"."subtotal_paise");--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_discount_flat_check" CHECK ("bills"."discount_flat_paise" >= 0);--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_round_off_check" CHECK ("bills"."round_off_paise" between -49 and 50);--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_discount_check" CHECK ("bill_items"."discount_basis_points" between 0 and 10000 and "bill_items"."discount_paise" between 0 and "bill_items"."line_total_paise");--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_gst_rate_check" CHECK ("bill_items"."gst_rate_basis_points" is null or "bill_items"."gst_rate_basis_points" between 0 and 2800);
