ALTER TABLE "user_addresses" ADD COLUMN "landmark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD COLUMN "address_type" text DEFAULT 'home' NOT NULL;