-- Issue 41: the coupon code a shopper applied to her bag, one per shopper. The code as typed (in capitals), not the
-- coupon's id: the bag prices it afresh each time, so a code disabled or used up since shows its refusal in the bag
-- and checkout refuses it, rather than dropping it silently.
CREATE TABLE "cart_coupons" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_coupons_code_check" CHECK ("cart_coupons"."code" ~ '^[A-Z0-9]{3,20}$')
);--> statement-breakpoint
ALTER TABLE "cart_coupons" ADD CONSTRAINT "cart_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
