CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"change" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"bill_id" uuid,
	"import_id" uuid,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_change_check" CHECK ("stock_movements"."change" <> 0),
	CONSTRAINT "stock_movements_quantity_after_check" CHECK ("stock_movements"."quantity_after" >= 0),
	CONSTRAINT "stock_movements_reason_check" CHECK ("stock_movements"."reason" in ('order_reserved', 'order_released', 'order_retaken', 'bill', 'csv_import', 'admin_edit', 'seed'))
);
--> statement-breakpoint
CREATE INDEX "stock_movements_variant_idx" ON "stock_movements" USING btree ("variant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);