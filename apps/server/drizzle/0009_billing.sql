CREATE TABLE "bill_invoice_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"product_id" uuid,
	"variant_id" uuid,
	"name" text NOT NULL,
	"sku" text,
	"category_name" text,
	"hsn_code" text DEFAULT '' NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total_paise" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bill_items_quantity_check" CHECK ("bill_items"."quantity" >= 1),
	CONSTRAINT "bill_items_total_check" CHECK ("bill_items"."unit_price_paise" >= 0 and "bill_items"."line_total_paise" = "bill_items"."unit_price_paise" * "bill_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_number" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"customer_phone" text DEFAULT '' NOT NULL,
	"discount_basis_points" integer DEFAULT 0 NOT NULL,
	"subtotal_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"place_of_supply" text NOT NULL,
	"created_by" uuid,
	"created_by_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_discount_check" CHECK ("bills"."discount_basis_points" between 0 and 10000),
	CONSTRAINT "bills_amounts_check" CHECK ("bills"."subtotal_paise" >= 0 and "bills"."total_paise" between 0 and "bills"."subtotal_paise"),
	CONSTRAINT "bills_invoice_number_length_check" CHECK (length("bills"."invoice_number") <= 16)
);
--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_items_bill_idx" ON "bill_items" USING btree ("bill_id","position");--> statement-breakpoint
CREATE INDEX "bill_items_product_idx" ON "bill_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_invoice_number_unique" ON "bills" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_financial_year_sequence_unique" ON "bills" USING btree ("financial_year","sequence");--> statement-breakpoint
CREATE INDEX "bills_created_idx" ON "bills" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bills_customer_name_idx" ON "bills" USING gin (lower("customer_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;