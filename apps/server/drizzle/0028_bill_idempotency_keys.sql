ALTER TABLE "bills" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_idempotency_key_unique" ON "bills" USING btree ("created_by","idempotency_key");--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_idempotency_check" CHECK (("bills"."idempotency_key" is null and "bills"."request_hash" is null) or (length("bills"."idempotency_key") between 1 and 100 and "bills"."request_hash" is not null));
