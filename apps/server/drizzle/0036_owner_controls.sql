-- Issue 40 (items 4 and 12): the owner's controls, kept in the one settings row beside the shop's details (never
-- answered by the public settings). Defaults: the owner does all counter returns (0), staff only on the bill's day,
-- 3 pieces or fewer run low (LOW_STOCK_THRESHOLD).
ALTER TABLE "shop_settings" ADD COLUMN "staff_return_max_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "staff_returns_same_day_only" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "low_stock_threshold" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_staff_return_max" CHECK ("shop_settings"."staff_return_max_paise" >= 0);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_low_stock_threshold" CHECK ("shop_settings"."low_stock_threshold" between 1 and 1000);
