-- Issue 41, cash on delivery up to the order being confirmed: the owner's setting (off by default), the code a COD
-- order is confirmed with (a hash only, tries counted), and the tax invoice drawn at confirmation, the COD twin of a
-- payment. paid_at stays null on a COD order until the cash is collected at the door; that later paid_at draws no
-- second number (the trigger numbers an order once).
ALTER TABLE "shop_settings" ADD COLUMN "cod_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_min_order_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_max_order_paise" integer DEFAULT 1000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_max_open_per_shopper" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_cod_check" CHECK ("shop_settings"."cod_fee_paise" >= 0 and "shop_settings"."cod_min_order_paise" >= 0
        and "shop_settings"."cod_max_order_paise" >= "shop_settings"."cod_min_order_paise" and "shop_settings"."cod_max_open_per_shopper" between 1 and 20);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_confirmed_cod_check" CHECK ("orders"."confirmed_at" is null or "orders"."payment_method" = 'cod');--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_invoice_number_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_number_check" CHECK (("orders"."paid_at" is null and "orders"."confirmed_at" is null) = ("orders"."invoice_number" is null) and length("orders"."invoice_number") <= 16);--> statement-breakpoint
-- Numbered when paid (online) or confirmed (COD), whichever comes first, once: an order with a number keeps it.
CREATE OR REPLACE FUNCTION orders_number_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_year text;
  v_last integer;
BEGIN
  IF (NEW.paid_at IS NULL AND NEW.confirmed_at IS NULL) OR NEW.invoice_number IS NOT NULL THEN
    RETURN NEW;
  END IF;
  v_year := financial_year_of(coalesce(NEW.confirmed_at, NEW.paid_at));
  INSERT INTO order_invoice_counters AS c (financial_year, last) VALUES (v_year, 1)
  ON CONFLICT (financial_year) DO UPDATE SET last = c.last + 1
  RETURNING last INTO v_last;
  NEW.invoice_number := web_invoice_number(v_year, v_last);
  NEW.seller := shop_seller();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "orders_number_invoice" ON "orders";--> statement-breakpoint
CREATE TRIGGER orders_number_invoice BEFORE INSERT OR UPDATE OF paid_at, confirmed_at ON orders FOR EACH ROW EXECUTE FUNCTION orders_number_invoice();--> statement-breakpoint
CREATE INDEX "orders_cod_unconfirmed_idx" ON "orders" USING btree ("reserved_until") WHERE "orders"."status" = 'awaiting_confirmation';--> statement-breakpoint
CREATE INDEX "orders_user_cod_idx" ON "orders" USING btree ("user_id", "status") WHERE "orders"."payment_method" = 'cod';--> statement-breakpoint
CREATE TABLE "cod_confirmations" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_confirmations_wrong_tries_check" CHECK ("cod_confirmations"."wrong_tries" >= 0)
);--> statement-breakpoint
ALTER TABLE "cod_confirmations" ADD CONSTRAINT "cod_confirmations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
