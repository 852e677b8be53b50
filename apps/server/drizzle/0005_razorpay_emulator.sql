CREATE TABLE "razorpay_emulator_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"amount_paid" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"receipt" text,
	"status" text DEFAULT 'created' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "razorpay_emulator_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"captured" boolean NOT NULL,
	"vpa" text,
	"bank" text,
	"card_id" text,
	"email" text,
	"contact" text,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_description" text,
	"error_source" text,
	"error_step" text,
	"error_reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "razorpay_emulator_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"receipt" text,
	"status" text NOT NULL,
	"speed_requested" text NOT NULL,
	"idempotency_key" text,
	"request_fingerprint" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "razorpay_emulator_payments" ADD CONSTRAINT "razorpay_emulator_payments_order_id_razorpay_emulator_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."razorpay_emulator_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "razorpay_emulator_refunds" ADD CONSTRAINT "razorpay_emulator_refunds_payment_id_razorpay_emulator_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."razorpay_emulator_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "razorpay_emulator_payments_order_id_idx" ON "razorpay_emulator_payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "razorpay_emulator_refunds_idempotency_key_idx" ON "razorpay_emulator_refunds" USING btree ("idempotency_key") WHERE "razorpay_emulator_refunds"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "razorpay_emulator_refunds_payment_id_idx" ON "razorpay_emulator_refunds" USING btree ("payment_id");