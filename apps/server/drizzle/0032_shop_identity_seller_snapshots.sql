-- Issue 39: the shop's own identity. The name the GSTIN is registered under (a tax invoice states it), and when
-- the owner saved the details: null while they are the demo's a new database starts with; production takes no
-- orders and makes no bills until she has.
ALTER TABLE "shop_settings" ADD COLUMN "legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "saved_at" timestamp with time zone;--> statement-breakpoint
UPDATE "shop_settings" SET "legal_name" = "name";--> statement-breakpoint
-- The seller as each tax invoice, bill and credit note was issued: a later change of the details rewrites none.
ALTER TABLE "orders" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "seller" jsonb;--> statement-breakpoint
-- The seller's part of the settings row, as @shop/core's sellerSchema; null before the shop is set up.
CREATE FUNCTION shop_seller() RETURNS jsonb LANGUAGE sql STABLE AS $$
  select jsonb_build_object('name', name, 'legalName', legal_name, 'address', address, 'state', state,
    'gstin', gstin, 'phone', phone, 'email', email)
  from shop_settings where id = 1
$$;
--> statement-breakpoint
-- Documents issued before: the details they were printed with are today's settings (nothing kept them).
UPDATE "orders" SET "seller" = shop_seller() WHERE "invoice_number" IS NOT NULL;--> statement-breakpoint
UPDATE "bills" SET "seller" = shop_seller();--> statement-breakpoint
UPDATE "credit_notes" SET "seller" = shop_seller();--> statement-breakpoint
-- An online order keeps the seller where it is numbered: when paid, in the paying transaction (migration 0021).
CREATE OR REPLACE FUNCTION orders_number_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_year text;
  v_last integer;
BEGIN
  IF NEW.paid_at IS NULL OR NEW.invoice_number IS NOT NULL THEN
    RETURN NEW;
  END IF;
  v_year := financial_year_of(NEW.paid_at);
  INSERT INTO order_invoice_counters AS c (financial_year, last) VALUES (v_year, 1)
  ON CONFLICT (financial_year) DO UPDATE SET last = c.last + 1
  RETURNING last INTO v_last;
  NEW.invoice_number := web_invoice_number(v_year, v_last);
  NEW.seller := shop_seller();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- A counter bill and a credit note keep the seller when they are written, whichever code writes them.
CREATE FUNCTION keep_seller() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seller IS NULL THEN
    NEW.seller := shop_seller();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bills_keep_seller BEFORE INSERT ON bills FOR EACH ROW EXECUTE FUNCTION keep_seller();--> statement-breakpoint
CREATE TRIGGER credit_notes_keep_seller BEFORE INSERT ON credit_notes FOR EACH ROW EXECUTE FUNCTION keep_seller();--> statement-breakpoint
-- The demo's GSTIN had a wrong check character, which the owner's form now refuses: the demo gets a valid one
-- of Karnataka's (the documents above keep what they were printed with).
UPDATE "shop_settings" SET "gstin" = '29ABCDE1234F1ZW' WHERE "gstin" = '29ABCDE1234F1Z5';
