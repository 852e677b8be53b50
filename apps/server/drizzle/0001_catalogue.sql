CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"parent_id" uuid,
	"style" text NOT NULL,
	"hsn_code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_style_check" CHECK ("categories"."style" in ('traditional', 'modern'))
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"variant_color" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" uuid,
	"price_paise" integer NOT NULL,
	"discount_percent" smallint DEFAULT 0 NOT NULL,
	"selling_price_paise" integer GENERATED ALWAYS AS (("products"."price_paise" * (100 - "products"."discount_percent") + 50) / 100) STORED NOT NULL,
	"fabric" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"available_stock" integer DEFAULT 0 NOT NULL,
	"search_keywords" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "products"."name"), 'A') || setweight(to_tsvector('english', "products"."search_keywords"), 'B') || setweight(to_tsvector('english', "products"."description"), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_check" CHECK ("products"."price_paise" >= 0),
	CONSTRAINT "products_discount_check" CHECK ("products"."discount_percent" between 0 and 90),
	CONSTRAINT "products_stock_check" CHECK ("products"."stock" >= 0),
	CONSTRAINT "products_status_check" CHECK ("products"."status" in ('draft', 'active', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_name" text NOT NULL,
	"variant_color" text NOT NULL,
	"variant_size" text NOT NULL,
	"variant_color_price_paise" integer DEFAULT 0 NOT NULL,
	"variant_size_price_paise" integer DEFAULT 0 NOT NULL,
	"variant_description" text DEFAULT '' NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"sku" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "variants_quantity_check" CHECK ("variants"."quantity" >= 0),
	CONSTRAINT "variants_prices_check" CHECK ("variants"."variant_color_price_paise" >= 0 and "variants"."variant_size_price_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_unique" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "product_images_storage_key_unique" ON "product_images" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_unique" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_active_category_idx" ON "products" USING btree ("category_id","created_at") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_active_created_idx" ON "products" USING btree ("created_at") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_active_price_idx" ON "products" USING btree ("selling_price_paise") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_active_discount_idx" ON "products" USING btree ("discount_percent") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "variants_sku_unique" ON "variants" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "variants_product_color_size_unique" ON "variants" USING btree ("product_id","variant_color","variant_size");--> statement-breakpoint
CREATE INDEX "variants_size_idx" ON "variants" USING btree ("variant_size","product_id");--> statement-breakpoint
CREATE INDEX "variants_color_idx" ON "variants" USING btree ("variant_color","product_id");--> statement-breakpoint
-- Hand-written below: what drizzle-kit does not generate.
-- Typo-tolerant search corrects query words against search_words by trigram similarity.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- products.available_stock = the product's own stock, or the sum of its variants' quantities once it has
-- any. Kept by triggers with deltas, which stay right when several transactions change stock at once.
CREATE FUNCTION products_available_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM variants WHERE product_id = NEW.id) THEN
    NEW.available_stock := NEW.stock;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_available_stock BEFORE INSERT OR UPDATE OF stock ON products
  FOR EACH ROW EXECUTE FUNCTION products_available_stock();--> statement-breakpoint
CREATE FUNCTION variants_available_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM variants WHERE product_id = NEW.product_id AND id <> NEW.id) THEN
      UPDATE products SET available_stock = available_stock + NEW.quantity WHERE id = NEW.product_id;
    ELSE
      UPDATE products SET available_stock = NEW.quantity WHERE id = NEW.product_id;
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.product_id <> OLD.product_id THEN
      RAISE EXCEPTION 'a variant cannot move to another product';
    END IF;
    IF NEW.quantity <> OLD.quantity THEN
      UPDATE products SET available_stock = available_stock + NEW.quantity - OLD.quantity WHERE id = NEW.product_id;
    END IF;
  ELSE
    IF EXISTS (SELECT 1 FROM variants WHERE product_id = OLD.product_id) THEN
      UPDATE products SET available_stock = available_stock - OLD.quantity WHERE id = OLD.product_id;
    ELSE
      UPDATE products SET available_stock = stock WHERE id = OLD.product_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER variants_available_stock AFTER INSERT OR UPDATE OR DELETE ON variants
  FOR EACH ROW EXECUTE FUNCTION variants_available_stock();
