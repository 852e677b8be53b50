CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_slug_trgm_idx" ON "products" USING gin ("slug" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "variants_sku_lower_idx" ON "variants" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "variants_sku_trgm_idx" ON "variants" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "variants_name_trgm_idx" ON "variants" USING gin ("variant_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_order_number_trgm_idx" ON "orders" USING gin ("order_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_address_name_trgm_idx" ON "orders" USING gin (("address" ->> 'name') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_address_phone_trgm_idx" ON "orders" USING gin (("address" ->> 'phone') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);
