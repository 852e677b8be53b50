-- The Razorpay emulator keeps its state in a schema of its own (razorpay_emulator), created by the emulator when it
-- starts (docs/decisions/024-dev-only-code.md): the shop's migrations hold none of it, and a shop with real keys has none.
DROP TABLE IF EXISTS "razorpay_emulator_refunds" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "razorpay_emulator_payments" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "razorpay_emulator_orders" CASCADE;
