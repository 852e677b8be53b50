CREATE TABLE "credit_note_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_note_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_note_id" uuid NOT NULL,
	"bill_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"gst_rate_basis_points" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "credit_note_items_quantity_check" CHECK ("credit_note_items"."quantity" >= 1),
	CONSTRAINT "credit_note_items_amount_check" CHECK ("credit_note_items"."amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_note_number" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"bill_id" uuid NOT NULL,
	"total_paise" integer NOT NULL,
	"refund_mode" text NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_by_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_total_check" CHECK ("credit_notes"."total_paise" >= 0),
	CONSTRAINT "credit_notes_refund_mode_check" CHECK ("credit_notes"."refund_mode" in ('cash', 'upi', 'card')),
	CONSTRAINT "credit_notes_number_length_check" CHECK (length("credit_notes"."credit_note_number") <= 16)
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason_check";--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "status" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "voided_by" uuid;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "voided_by_label" text;--> statement-breakpoint
ALTER TABLE "sale_counts" ADD COLUMN "sales" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_note_items" ADD CONSTRAINT "credit_note_items_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_items" ADD CONSTRAINT "credit_note_items_bill_item_id_bill_items_id_fk" FOREIGN KEY ("bill_item_id") REFERENCES "public"."bill_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_note_items_note_idx" ON "credit_note_items" USING btree ("credit_note_id","position");--> statement-breakpoint
CREATE INDEX "credit_note_items_bill_item_idx" ON "credit_note_items" USING btree ("bill_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_unique" ON "credit_notes" USING btree ("credit_note_number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_financial_year_sequence_unique" ON "credit_notes" USING btree ("financial_year","sequence");--> statement-breakpoint
CREATE INDEX "credit_notes_bill_idx" ON "credit_notes" USING btree ("bill_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_notes_created_idx" ON "credit_notes" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_voided_by_admins_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_status_check" CHECK ("bills"."status" in ('paid', 'void'));--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_void_check" CHECK (("bills"."status" = 'void') = ("bills"."voided_at" is not null and "bills"."void_reason" is not null));--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason_check" CHECK ("stock_movements"."reason" in ('order_reserved', 'order_released', 'order_retaken', 'bill', 'bill_void', 'bill_return', 'csv_import', 'admin_edit', 'seed'));--> statement-breakpoint
-- Sales now carry their own count: a paid bill or a paid order not reversed is one sale; a void bill, a cancelled,
-- returned or refunded order and a credit note are none (the dashboard's average sale divides by it).
UPDATE "sale_counts" SET "sales" = 1 WHERE NOT "line";
--> statement-breakpoint
DROP FUNCTION sale_rows(text, uuid);
--> statement-breakpoint
-- The definition of a sale (as in apps/server/src/reports/sales.ts), 0011's with voids and returns: a paid online
-- order counts on the India day it was paid, for its total net of processed refunds, and its pieces and lines
-- unless it was cancelled, returned or refunded; an in-store bill counts on the day it was made, for its total and
-- each line for its share of the bill's discount, unless it was voided; each credit note of a bill takes its refund
-- and pieces out on the India day it was issued.
CREATE FUNCTION sale_rows(p_kind text, p_source uuid)
RETURNS TABLE (day date, line boolean, category text, product_id uuid, product_name text, revenue_paise bigint, units integer, sales integer)
LANGUAGE sql STABLE AS $$
  select (o.paid_at at time zone 'Asia/Kolkata')::date, false, null::text, null::uuid, null::text,
    (o.total_paise - coalesce((select sum(r.amount_paise) from refunds r where r.order_id = o.id and r.status = 'processed'), 0))::bigint,
    case when o.status in ('cancelled', 'returned', 'refunded') then 0
      else (select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = o.id)::integer end,
    case when o.status in ('cancelled', 'returned', 'refunded') then 0 else 1 end
  from orders o
  where p_kind = 'order' and o.id = p_source and o.paid_at is not null
  union all
  select (o.paid_at at time zone 'Asia/Kolkata')::date, true, coalesce(parent.name, c.name, i.category_name, 'Other'),
    i.product_id, i.product_name, i.line_total_paise::bigint, i.quantity, 0
  from orders o
  join order_items i on i.order_id = o.id
  left join categories c on c.id = i.category_id
  left join categories parent on parent.id = c.parent_id
  where p_kind = 'order' and o.id = p_source and o.paid_at is not null and o.status not in ('cancelled', 'returned', 'refunded')
  union all
  select (b.created_at at time zone 'Asia/Kolkata')::date, false, null, null, null, b.total_paise::bigint,
    (select coalesce(sum(i.quantity), 0) from bill_items i where i.bill_id = b.id)::integer, 1
  from bills b
  where p_kind = 'bill' and b.id = p_source and b.status = 'paid'
  union all
  select (b.created_at at time zone 'Asia/Kolkata')::date, true, coalesce(i.category_name, 'Other'), i.product_id, i.name,
    coalesce(round(i.line_total_paise::numeric * b.total_paise / nullif(b.subtotal_paise, 0)), 0)::bigint, i.quantity, 0
  from bills b
  join bill_items i on i.bill_id = b.id
  where p_kind = 'bill' and b.id = p_source and b.status = 'paid'
  union all
  select (n.created_at at time zone 'Asia/Kolkata')::date, false, null, null, null, -n.total_paise::bigint,
    -(select coalesce(sum(ci.quantity), 0) from credit_note_items ci where ci.credit_note_id = n.id)::integer, 0
  from credit_notes n
  join bills b on b.id = n.bill_id
  where p_kind = 'bill' and n.bill_id = p_source and b.status = 'paid'
  union all
  select (n.created_at at time zone 'Asia/Kolkata')::date, true, coalesce(i.category_name, 'Other'), i.product_id, i.name,
    -ci.amount_paise::bigint, -ci.quantity, 0
  from credit_notes n
  join bills b on b.id = n.bill_id
  join credit_note_items ci on ci.credit_note_id = n.id
  join bill_items i on i.id = ci.bill_item_id
  where p_kind = 'bill' and n.bill_id = p_source and b.status = 'paid'
$$;
--> statement-breakpoint
-- 0011's recount, with each sale's own count instead of one per total row.
CREATE OR REPLACE FUNCTION sales_recount(p_kind text, p_source uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_kind = 'order' THEN
    PERFORM 1 FROM orders WHERE id = p_source FOR UPDATE;
  ELSE
    PERFORM 1 FROM bills WHERE id = p_source FOR UPDATE;
  END IF;

  INSERT INTO sales_days AS t (day, kind, revenue_paise, sales, units)
  SELECT d.day, p_kind, sum(d.revenue_paise), sum(d.sales), sum(d.units)
  FROM (
    SELECT n.day, n.revenue_paise, n.sales, n.units FROM sale_rows(p_kind, p_source) n WHERE NOT n.line
    UNION ALL
    SELECT o.day, -o.revenue_paise, -o.sales, -o.units FROM sale_counts o WHERE o.source_id = p_source AND NOT o.line
  ) d
  GROUP BY d.day ORDER BY d.day
  ON CONFLICT (day, kind) DO UPDATE SET revenue_paise = t.revenue_paise + excluded.revenue_paise,
    sales = t.sales + excluded.sales, units = t.units + excluded.units;

  INSERT INTO sales_day_categories AS t (day, category, revenue_paise, units)
  SELECT d.day, d.category, sum(d.revenue_paise), sum(d.units)
  FROM (
    SELECT n.day, n.category, n.revenue_paise, n.units FROM sale_rows(p_kind, p_source) n WHERE n.line
    UNION ALL
    SELECT o.day, o.category, -o.revenue_paise, -o.units FROM sale_counts o WHERE o.source_id = p_source AND o.line
  ) d
  GROUP BY d.day, d.category ORDER BY d.day, d.category
  ON CONFLICT (day, category) DO UPDATE SET revenue_paise = t.revenue_paise + excluded.revenue_paise, units = t.units + excluded.units;

  INSERT INTO sales_day_products AS t (day, product_id, product_name, revenue_paise, units)
  SELECT d.day, d.product_id, coalesce(max(d.product_name) FILTER (WHERE d.current), max(d.product_name)), sum(d.revenue_paise), sum(d.units)
  FROM (
    SELECT n.day, n.product_id, n.product_name, n.revenue_paise, n.units, true AS current FROM sale_rows(p_kind, p_source) n
    WHERE n.line AND n.product_id IS NOT NULL
    UNION ALL
    SELECT o.day, o.product_id, o.product_name, -o.revenue_paise, -o.units, false FROM sale_counts o
    WHERE o.source_id = p_source AND o.line AND o.product_id IS NOT NULL
  ) d
  GROUP BY d.day, d.product_id ORDER BY d.day, d.product_id
  ON CONFLICT (day, product_id) DO UPDATE SET revenue_paise = t.revenue_paise + excluded.revenue_paise,
    units = t.units + excluded.units, product_name = excluded.product_name;

  DELETE FROM sale_counts WHERE source_id = p_source;
  INSERT INTO sale_counts (source_id, kind, day, line, category, product_id, product_name, revenue_paise, units, sales)
  SELECT p_source, p_kind, n.day, n.line, n.category, n.product_id, n.product_name, n.revenue_paise, n.units, n.sales
  FROM sale_rows(p_kind, p_source) n;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION credit_notes_count_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_recount('bill', CASE WHEN TG_OP = 'DELETE' THEN OLD.bill_id ELSE NEW.bill_id END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER credit_notes_count_sales AFTER INSERT OR UPDATE OR DELETE ON credit_notes FOR EACH ROW EXECUTE FUNCTION credit_notes_count_sales();
--> statement-breakpoint
-- A credit note's lines are written after it: each recounts its bill (the note may be gone with a cascade).
CREATE FUNCTION credit_note_items_count_sales() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_bill uuid;
BEGIN
  SELECT bill_id INTO v_bill FROM credit_notes WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.credit_note_id ELSE NEW.credit_note_id END;
  IF v_bill IS NOT NULL THEN PERFORM sales_recount('bill', v_bill); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER credit_note_items_count_sales AFTER INSERT OR UPDATE OR DELETE ON credit_note_items FOR EACH ROW EXECUTE FUNCTION credit_note_items_count_sales();
--> statement-breakpoint
-- Reversed orders stop counting as sales.
SELECT sales_recount('order', id) FROM orders WHERE paid_at IS NOT NULL AND status IN ('cancelled', 'returned', 'refunded');
