CREATE TABLE "deleted_product_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"variant_color" text,
	"position" integer NOT NULL,
	"avif" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deleted_product_images" ADD CONSTRAINT "deleted_product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deleted_product_images_storage_key_unique" ON "deleted_product_images" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "deleted_product_images_product_idx" ON "deleted_product_images" USING btree ("product_id","deleted_at");--> statement-breakpoint
CREATE INDEX "deleted_product_images_deleted_idx" ON "deleted_product_images" USING btree ("deleted_at");