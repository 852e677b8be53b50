CREATE TABLE "order_return_items" (
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_return_items_order_id_order_item_id_pk" PRIMARY KEY("order_id","order_item_id"),
	CONSTRAINT "order_return_items_quantity_check" CHECK ("order_return_items"."quantity" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "review_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_photos_position_check" CHECK ("review_photos"."position" between 0 and 2)
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "offer_min_discount" smallint;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "offer_category_id" uuid;--> statement-breakpoint
ALTER TABLE "order_return_items" ADD CONSTRAINT "order_return_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_items" ADD CONSTRAINT "order_return_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_product_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."product_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_photos_storage_key_unique" ON "review_photos" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "review_photos_review_idx" ON "review_photos" USING btree ("review_id","position");--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_offer_category_id_categories_id_fk" FOREIGN KEY ("offer_category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_offer_discount_check" CHECK ("announcements"."offer_min_discount" is null or "announcements"."offer_min_discount" between 1 and 90);--> statement-breakpoint
-- Offers published before offers were saved filters keep the discount their link asked for.
UPDATE "announcements" SET "offer_min_discount" = (substring("link" from 'minDiscount=([0-9]{1,2})'))::smallint
WHERE "kind" = 'offer' AND (substring("link" from 'minDiscount=([0-9]{1,2})'))::int BETWEEN 1 AND 90;
