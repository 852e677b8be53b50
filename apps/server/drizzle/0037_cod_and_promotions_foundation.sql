-- Issue 41, the shared ground of cash on delivery and of coupons and offers: the three COD statuses, an order's
-- payment method and COD fee, its order-level discounts (each line's share kept on the line, for the invoice), and
-- the promotions tables. Existing orders are online, with no discount: every amount check holds as before.
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending_payment', 'paid', 'packed', 'shipped', 'delivered', 'cancelled', 'return_requested', 'returned', 'refunded', 'awaiting_confirmation', 'confirmed', 'returned_to_origin'));--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_check" CHECK ("orders"."subtotal_paise" >= 0 and "orders"."shipping_paise" >= 0 and "orders"."discount_paise" between 0 and "orders"."subtotal_paise" and "orders"."cod_fee_paise" >= 0
        and "orders"."total_paise" = "orders"."subtotal_paise" - "orders"."discount_paise" + "orders"."shipping_paise" + "orders"."cod_fee_paise");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('online', 'cod') and ("orders"."payment_method" = 'cod' or "orders"."cod_fee_paise" = 0));--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_discount_check" CHECK ("order_items"."discount_paise" between 0 and "order_items"."line_total_paise");--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"max_discount_paise" integer,
	"min_order_paise" integer DEFAULT 0 NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"per_customer_limit" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_check" CHECK ("coupons"."code" ~ '^[A-Z0-9]{3,20}$'),
	CONSTRAINT "coupons_value_check" CHECK (("coupons"."kind" = 'percent' and "coupons"."value" between 1 and 90) or ("coupons"."kind" = 'flat' and "coupons"."value" > 0 and "coupons"."max_discount_paise" is null)),
	CONSTRAINT "coupons_limits_check" CHECK ("coupons"."min_order_paise" >= 0 and ("coupons"."max_discount_paise" is null or "coupons"."max_discount_paise" > 0)
        and ("coupons"."usage_limit" is null or "coupons"."usage_limit" > 0) and ("coupons"."per_customer_limit" is null or "coupons"."per_customer_limit" > 0)
        and "coupons"."used_count" >= 0 and ("coupons"."usage_limit" is null or "coupons"."used_count" <= "coupons"."usage_limit")
        and ("coupons"."starts_on" is null or "coupons"."ends_on" is null or "coupons"."starts_on" <= "coupons"."ends_on"))
);--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"min_pieces" integer,
	"percent" integer,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"min_order_paise" integer,
	"flat_paise" integer,
	"starts_on" date,
	"ends_on" date,
	"disabled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_kind_check" CHECK (("offers"."kind" = 'pieces_percent' and "offers"."min_pieces" >= 1 and "offers"."percent" between 1 and 90 and "offers"."min_order_paise" is null and "offers"."flat_paise" is null)
        or ("offers"."kind" = 'order_flat' and "offers"."min_order_paise" > 0 and "offers"."flat_paise" > 0 and "offers"."flat_paise" < "offers"."min_order_paise" and "offers"."min_pieces" is null and "offers"."percent" is null)),
	CONSTRAINT "offers_dates_check" CHECK ("offers"."starts_on" is null or "offers"."ends_on" is null or "offers"."starts_on" <= "offers"."ends_on")
);--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"order_id" uuid,
	"bill_id" uuid,
	"user_id" uuid,
	"discount_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "coupon_redemptions_one_document" CHECK (("coupon_redemptions"."order_id" is null) <> ("coupon_redemptions"."bill_id" is null)),
	CONSTRAINT "coupon_redemptions_discount_check" CHECK ("coupon_redemptions"."discount_paise" > 0)
);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_order_unique" ON "coupon_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_bill_unique" ON "coupon_redemptions" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_user_idx" ON "coupon_redemptions" USING btree ("coupon_id","user_id") WHERE "coupon_redemptions"."released_at" is null;
