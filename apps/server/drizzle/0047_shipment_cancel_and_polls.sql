-- Issue 42, the parcel's later life: when its provider order was cancelled (a cancelled order's parcel, never
-- polled again), and when the reconciliation job last asked the provider for its scans (its claim: one instance
-- polls a parcel at a time, at most once a day).
ALTER TABLE "order_shipments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "polled_at" timestamp with time zone;
