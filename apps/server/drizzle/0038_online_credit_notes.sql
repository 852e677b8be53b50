-- Issue 43: every credit note, counter or online, in the one gapless CN/YY-YY series (ADR 038). A credit note is
-- against a counter bill (its lines name bill lines, refunded by cash, UPI or card) or against an online order's
-- tax invoice (its lines name order lines, or are the shipping line with neither; refunded through Razorpay, so no
-- refund mode). An online line keeps its invoice line's rate when the shop issues it; one written here from the
-- past has none, and is read at the rate of the invoice line it reduces (the invoice is computed from the order).
ALTER TABLE "credit_notes" ALTER COLUMN "bill_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ALTER COLUMN "refund_mode" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_against_check" CHECK (("credit_notes"."bill_id" is null) <> ("credit_notes"."order_id" is null) and ("credit_notes"."bill_id" is null) = ("credit_notes"."refund_mode" is null));--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id","created_at") WHERE "credit_notes"."order_id" is not null;--> statement-breakpoint
ALTER TABLE "credit_note_items" ALTER COLUMN "bill_item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_note_items" ALTER COLUMN "gst_rate_basis_points" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_note_items" ADD COLUMN "order_item_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_note_items" ADD CONSTRAINT "credit_note_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_items" ADD CONSTRAINT "credit_note_items_line_check" CHECK (("credit_note_items"."bill_item_id" is null or "credit_note_items"."order_item_id" is null) and ("credit_note_items"."bill_item_id" is null or "credit_note_items"."gst_rate_basis_points" is not null));--> statement-breakpoint
CREATE INDEX "credit_note_items_order_item_idx" ON "credit_note_items" USING btree ("order_item_id") WHERE "credit_note_items"."order_item_id" is not null;--> statement-breakpoint
-- 'CN/26-27/00042', as @shop/core's formatInvoiceNumber(year, n, 'CN').
CREATE FUNCTION credit_note_number(p_year text, p_sequence integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  select 'CN/' || p_year || '/' || case when p_sequence < 100000 then lpad(p_sequence::text, 5, '0') else p_sequence::text end
$$;
--> statement-breakpoint
-- Online money now leaves the reports through credit notes on the day each is issued (0035 netted processed refunds
-- on the payment's day). The paid day counts the whole sale, its lines sharing the total by what each was sold for;
-- an order's credit note takes its total back on its own day, shared over its lines by their amounts. Pieces stay as
-- 0035 counts them (what the order kept), so a credit note's rows carry money only.
CREATE OR REPLACE FUNCTION sale_rows(p_kind text, p_source uuid)
RETURNS TABLE (day date, line boolean, category text, product_id uuid, product_name text, revenue_paise bigint, units integer, sales integer)
LANGUAGE sql STABLE AS $$
  with paid_order as (
    select o.id, (o.paid_at at time zone 'Asia/Kolkata')::date as day, o.status, o.total_paise::numeric as net,
      exists (select 1 from order_return_items ri where ri.order_id = o.id) as named
    from orders o
    where p_kind = 'order' and o.id = p_source and o.paid_at is not null
  ),
  order_lines as (
    select i.id, i.position, i.product_id, i.product_name, i.line_total_paise::numeric as value, i.quantity,
      coalesce(parent.name, c.name, i.category_name, 'Other') as category,
      case
        when o.status = 'cancelled' then 0
        when o.status in ('returned', 'refunded') then greatest(i.quantity - coalesce(ri.quantity, case when o.named then 0 else i.quantity end), 0)
        else i.quantity
      end as kept
    from paid_order o
    join order_items i on i.order_id = o.id
    left join order_return_items ri on ri.order_id = o.id and ri.order_item_id = i.id
    left join categories c on c.id = i.category_id
    left join categories parent on parent.id = c.parent_id
  ),
  order_shares as (
    select l.*, sum(l.value) over (order by l.position, l.id) as upto, sum(l.value) over () as whole
    from order_lines l
  ),
  order_notes as (
    select n.id, (n.created_at at time zone 'Asia/Kolkata')::date as day, n.total_paise::numeric as total
    from credit_notes n
    join paid_order o on o.id = n.order_id
  ),
  note_shares as (
    select n.day, n.total, l.category, l.product_id, l.product_name, ci.amount_paise::numeric as weight,
      sum(ci.amount_paise::numeric) over (partition by n.id order by ci.position, ci.id) as upto,
      sum(ci.amount_paise::numeric) over (partition by n.id) as whole
    from order_notes n
    join credit_note_items ci on ci.credit_note_id = n.id
    join order_lines l on l.id = ci.order_item_id
  ),
  bill_shares as (
    -- A line weighs what it sold for after its own discount (0034): a line at 50 % off takes half its list share.
    select b.total_paise::numeric as net, i.*, (i.line_total_paise - i.discount_paise)::numeric as weight,
      sum((i.line_total_paise - i.discount_paise)::numeric) over (order by i.position, i.id) as upto,
      sum((i.line_total_paise - i.discount_paise)::numeric) over () as whole
    from bills b
    join bill_items i on i.bill_id = b.id
    where p_kind = 'bill' and b.id = p_source and b.status = 'paid'
  )
  select o.day, false, null::text, null::uuid, null::text, o.net::bigint,
    (select coalesce(sum(l.kept), 0) from order_lines l)::integer,
    case when exists (select 1 from order_lines l where l.kept > 0) then 1 else 0 end
  from paid_order o
  union all
  select x.day, true, x.category, x.product_id, x.product_name, x.revenue, x.kept, 0
  from (
    select o.day, s.category, s.product_id, s.product_name, s.kept,
      coalesce(round(o.net * s.upto / nullif(s.whole, 0)) - round(o.net * (s.upto - s.value) / nullif(s.whole, 0)), 0)::bigint as revenue
    from paid_order o cross join order_shares s
  ) x
  where x.revenue <> 0 or x.kept <> 0
  union all
  select n.day, false, null, null, null, -n.total::bigint, 0, 0
  from order_notes n
  union all
  select x.day, true, x.category, x.product_id, x.product_name, -x.revenue, 0, 0
  from (
    select s.day, s.category, s.product_id, s.product_name,
      coalesce(round(s.total * s.upto / nullif(s.whole, 0)) - round(s.total * (s.upto - s.weight) / nullif(s.whole, 0)), 0)::bigint as revenue
    from note_shares s
  ) x
  where x.revenue <> 0
  union all
  select (b.created_at at time zone 'Asia/Kolkata')::date, false, null, null, null, b.total_paise::bigint,
    (select coalesce(sum(i.quantity), 0) from bill_items i where i.bill_id = b.id)::integer, 1
  from bills b
  where p_kind = 'bill' and b.id = p_source and b.status = 'paid'
  union all
  select (b.created_at at time zone 'Asia/Kolkata')::date, true, coalesce(s.category_name, 'Other'), s.product_id, s.name,
    coalesce(round(s.net * s.upto / nullif(s.whole, 0)) - round(s.net * (s.upto - s.weight) / nullif(s.whole, 0)), 0)::bigint, s.quantity, 0
  from bill_shares s
  join bills b on b.id = s.bill_id
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
-- A credit note recounts the sale it reduces: a bill's or an order's.
CREATE OR REPLACE FUNCTION credit_notes_count_sales() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_bill uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.bill_id ELSE NEW.bill_id END;
  v_order uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.order_id ELSE NEW.order_id END;
BEGIN
  IF v_bill IS NOT NULL THEN PERFORM sales_recount('bill', v_bill); END IF;
  IF v_order IS NOT NULL THEN PERFORM sales_recount('order', v_order); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION credit_note_items_count_sales() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_bill uuid;
  v_order uuid;
BEGIN
  SELECT bill_id, order_id INTO v_bill, v_order FROM credit_notes
  WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.credit_note_id ELSE NEW.credit_note_id END;
  IF v_bill IS NOT NULL THEN PERFORM sales_recount('bill', v_bill); END IF;
  IF v_order IS NOT NULL THEN PERFORM sales_recount('order', v_order); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Refunds no longer change a sale's figures: its credit note does.
DROP TRIGGER "refunds_count_sales" ON "refunds";--> statement-breakpoint
-- The past: every paid order cancelled, and every refund of a cancellation or a received return, gets its credit
-- note, dated when the refund was recorded (or the order cancelled, when no refund was), numbered after the counter's
-- notes already printed in its financial year, in issue order. A cancellation or a return of every piece credits
-- every line and the shipping; a partial return its received pieces at their share; the lines share the note's total
-- (what was refunded) by their amounts, to the paisa.
DO $$
DECLARE
  v_issue record;
  v_year text;
  v_last integer;
  v_note uuid;
BEGIN
  FOR v_issue IN
    WITH issues AS (
      SELECT DISTINCT ON (o.id) o.id AS order_id, o.seller, o.total_paise, o.shipping_paise,
        coalesce(r.created_at, e.at, o.updated_at) AS issued_at,
        CASE WHEN r.idempotency_key LIKE 'return\_%' THEN r.amount_paise ELSE o.total_paise END AS total,
        (r.idempotency_key IS NULL OR r.idempotency_key LIKE 'cancel\_%') AS cancelled,
        coalesce(r.reason, o.cancel_reason, '') AS reason
      FROM orders o
      LEFT JOIN refunds r ON r.order_id = o.id AND r.idempotency_key IN ('cancel_' || o.id, 'return_' || o.id)
      LEFT JOIN LATERAL (SELECT min(ev.created_at) AS at FROM order_events ev WHERE ev.order_id = o.id AND ev.status = 'cancelled') e ON true
      WHERE o.invoice_number IS NOT NULL
        AND (r.id IS NOT NULL OR (o.cancel_reason IS NOT NULL AND o.status IN ('cancelled', 'refunded')))
        AND NOT EXISTS (SELECT 1 FROM credit_notes n WHERE n.order_id = o.id)
      ORDER BY o.id, r.created_at
    )
    SELECT * FROM issues ORDER BY issued_at, order_id
  LOOP
    v_year := financial_year_of(v_issue.issued_at);
    INSERT INTO credit_note_counters AS c (financial_year, last) VALUES (v_year, 1)
    ON CONFLICT (financial_year) DO UPDATE SET last = c.last + 1
    RETURNING last INTO v_last;
    INSERT INTO credit_notes (credit_note_number, financial_year, sequence, order_id, total_paise, reason, seller, created_by_label, created_at)
    VALUES (credit_note_number(v_year, v_last), v_year, v_last, v_issue.order_id, v_issue.total,
      CASE WHEN v_issue.cancelled THEN 'Order cancelled' ELSE 'Return' END || CASE WHEN v_issue.reason <> '' THEN ': ' || v_issue.reason ELSE '' END,
      v_issue.seller, 'Shop', v_issue.issued_at)
    RETURNING id INTO v_note;
    WITH received AS (
      SELECT i.id, i.position, i.quantity, i.line_total_paise,
        CASE
          WHEN v_issue.cancelled OR NOT EXISTS (SELECT 1 FROM order_return_items x WHERE x.order_id = v_issue.order_id) THEN i.quantity
          ELSE coalesce(nullif(coalesce(ri.restocked_quantity, 0) + coalesce(ri.written_off_quantity, 0), 0), ri.quantity, 0)
        END AS pieces
      FROM order_items i
      LEFT JOIN order_return_items ri ON ri.order_id = i.order_id AND ri.order_item_id = i.id
      WHERE i.order_id = v_issue.order_id
    ),
    whole AS (SELECT bool_and(pieces = quantity) AS every FROM received),
    lines AS (
      SELECT r.id AS order_item_id, r.position, least(r.pieces, r.quantity) AS pieces,
        CASE WHEN r.pieces >= r.quantity THEN r.line_total_paise
          ELSE floor((2 * r.line_total_paise::numeric * r.pieces + r.quantity) / (2 * r.quantity)) END AS base
      FROM received r WHERE r.pieces > 0
      UNION ALL
      SELECT NULL, 1000000, 1, v_issue.shipping_paise FROM whole WHERE whole.every AND v_issue.shipping_paise > 0
    ),
    shared AS (
      SELECT l.*, sum(l.base) OVER (ORDER BY l.position, l.order_item_id) AS upto, sum(l.base) OVER () AS total FROM lines l
    )
    INSERT INTO credit_note_items (credit_note_id, order_item_id, quantity, amount_paise, gst_rate_basis_points, position)
    SELECT v_note, s.order_item_id, s.pieces,
      (round(v_issue.total * s.upto / nullif(s.total, 0)) - round(v_issue.total * (s.upto - s.base) / nullif(s.total, 0)))::integer,
      NULL, (row_number() OVER (ORDER BY s.position, s.order_item_id) - 1)::integer
    FROM shared s;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Every online sale counted again: its money now leaves on its credit notes' days.
SELECT sales_recount('order', id) FROM orders WHERE paid_at IS NOT NULL OR id IN (SELECT source_id FROM sale_counts WHERE kind = 'order');
