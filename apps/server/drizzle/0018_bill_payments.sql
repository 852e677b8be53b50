-- How each counter bill was paid (issue 26): cash, UPI, card, or split across them.
CREATE TABLE "bill_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"tendered_paise" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bill_payments_mode_check" CHECK ("bill_payments"."mode" in ('cash', 'upi', 'card')),
	CONSTRAINT "bill_payments_amount_check" CHECK ("bill_payments"."amount_paise" > 0),
	CONSTRAINT "bill_payments_tendered_check" CHECK ("bill_payments"."tendered_paise" is null or ("bill_payments"."mode" = 'cash' and "bill_payments"."tendered_paise" >= "bill_payments"."amount_paise"))
);
--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payments_bill_mode_unique" ON "bill_payments" USING btree ("bill_id","mode");--> statement-breakpoint
-- Bills made before payment modes were all taken as cash (what createBill recorded implicitly): say so.
INSERT INTO "bill_payments" ("bill_id", "mode", "amount_paise")
SELECT "id", 'cash', "total_paise" FROM "bills" WHERE "total_paise" > 0;
