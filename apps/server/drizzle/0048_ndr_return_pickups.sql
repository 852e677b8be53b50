-- Issue 42, continued: failed delivery attempts (NDR) of a booked parcel, each with the owner's reattempt request,
-- and the reverse pickup booked when the owner accepts a return (its AWB tracked by the same webhook).
CREATE TABLE "delivery_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"awb" text NOT NULL,
	"attempt" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"scanned_at" text NOT NULL,
	"reattempt" text,
	"reattempt_comments" text,
	"reattempt_by" text,
	"reattempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_attempts_reattempt_check" CHECK ("delivery_attempts"."reattempt" is null or "delivery_attempts"."reattempt" in ('requesting', 'requested'))
);
--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_attempts_once" ON "delivery_attempts" USING btree ("awb","attempt");--> statement-breakpoint
CREATE INDEX "delivery_attempts_order_idx" ON "delivery_attempts" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE TABLE "return_pickups" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'booking' NOT NULL,
	"provider_order_id" bigint,
	"shipment_id" bigint,
	"awb" text,
	"courier_name" text,
	"pickup_scheduled" text,
	"failure" text,
	"last_status_id" integer,
	"arrived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_pickups_status_check" CHECK ("return_pickups"."status" in ('booking', 'failed', 'booked', 'picked_up', 'arrived'))
);
--> statement-breakpoint
ALTER TABLE "return_pickups" ADD CONSTRAINT "return_pickups_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_pickups_awb_unique" ON "return_pickups" USING btree ("awb");
