-- Issue 42: booking couriers through a shipping aggregator (Shiprocket). A parcel's weight and size per product,
-- with defaults per category (grams and centimetres: whole numbers, converted to kg and cm for the provider);
-- the owner's choice of courier; the shipment booked for an order and its scans; courier serviceability
-- cached per pickup–delivery pincode pair.
ALTER TABLE "categories" ADD COLUMN "package_weight_grams" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "package_length_cm" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "package_breadth_cm" integer DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "package_height_cm" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_package_check" CHECK ("categories"."package_weight_grams" between 1 and 50000 and "categories"."package_length_cm" between 1 and 300 and "categories"."package_breadth_cm" between 1 and 300 and "categories"."package_height_cm" between 1 and 300);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_length_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_breadth_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_height_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_package_check" CHECK (("products"."package_weight_grams" is null or "products"."package_weight_grams" between 1 and 50000) and ("products"."package_length_cm" is null or "products"."package_length_cm" between 1 and 300) and ("products"."package_breadth_cm" is null or "products"."package_breadth_cm" between 1 and 300) and ("products"."package_height_cm" is null or "products"."package_height_cm" between 1 and 300));--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "courier_choice" text DEFAULT 'cheapest' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_courier_choice" CHECK ("shop_settings"."courier_choice" in ('cheapest', 'fastest'));--> statement-breakpoint
CREATE TABLE "order_shipments" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'shiprocket' NOT NULL,
	"provider_order_id" bigint NOT NULL,
	"shipment_id" bigint NOT NULL,
	"awb" text NOT NULL,
	"courier_id" integer,
	"courier_name" text NOT NULL,
	"label_url" text NOT NULL,
	"tracking_url" text NOT NULL,
	"pickup_scheduled" text,
	"payment_method" text NOT NULL,
	"collect_paise" integer DEFAULT 0 NOT NULL,
	"last_status_id" integer,
	"last_scan_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_shipments_payment_method_check" CHECK ("order_shipments"."payment_method" in ('COD', 'Prepaid')),
	CONSTRAINT "order_shipments_collect_check" CHECK ("order_shipments"."collect_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_shipments_awb_unique" ON "order_shipments" USING btree ("awb");--> statement-breakpoint
CREATE TABLE "shipment_scans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"awb" text NOT NULL,
	"status_id" integer NOT NULL,
	"label" text NOT NULL,
	"activity" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"scanned_at" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_scans" ADD CONSTRAINT "shipment_scans_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_scans_once" ON "shipment_scans" USING btree ("awb","status_id","scanned_at");--> statement-breakpoint
CREATE INDEX "shipment_scans_order_idx" ON "shipment_scans" USING btree ("order_id","id");--> statement-breakpoint
CREATE TABLE "serviceability_cache" (
	"pickup_pincode" text NOT NULL,
	"delivery_pincode" text NOT NULL,
	"answer" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "serviceability_cache_pk" PRIMARY KEY("pickup_pincode","delivery_pincode")
);
--> statement-breakpoint
CREATE TABLE "shipment_booking_claims" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_booking_claims" ADD CONSTRAINT "shipment_booking_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
