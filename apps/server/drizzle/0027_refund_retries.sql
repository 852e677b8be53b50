-- Refunds Razorpay refused or did not answer are asked again by the refund job (docs/decisions/031): which
-- request under its own key this is, how often the shop asked, when it asks next, who holds it meanwhile, and
-- what Razorpay last said. Refunds not processed yet are due at once, so refunds stranded before this are retried.
ALTER TABLE "refunds" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "last_error" text;--> statement-breakpoint
-- Claims and tries rewrite a refund's row several times; the sales rollups read only its order, amount and status,
-- so only those recount the order's sales (0011's trigger fired on any update).
DROP TRIGGER "refunds_count_sales" ON "refunds";--> statement-breakpoint
CREATE TRIGGER "refunds_count_sales" AFTER INSERT OR DELETE OR UPDATE OF "order_id", "amount_paise", "status" ON "refunds" FOR EACH ROW EXECUTE FUNCTION order_parts_count_sales();--> statement-breakpoint
UPDATE "refunds" SET "next_attempt_at" = now() WHERE "status" <> 'processed';--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "next_attempt_at" SET DEFAULT now();--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("next_attempt_at") WHERE "refunds"."next_attempt_at" is not null;
