ALTER TABLE "shop_settings" ADD COLUMN "opening_hours" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Until now every shop showed these hours (hard-coded on the contact page): keep showing them.
UPDATE "shop_settings" SET "opening_hours" = 'Mon–Sat, 10 am – 7 pm IST';
