-- Issue 40 (item 11): a sale counts what was sold and kept. 0019's sale_rows() dropped a returned or refunded order
-- whole from pieces, lines, categories and the count of sales while keeping its revenue, so a partly returned order
-- showed its money with no pieces and the categories did not add up to the total. Now:
--   * an order's pieces are its lines' pieces less those its return took back (every piece for a return made before
--     per-item returns, or a cancelled order); it is one sale while it keeps a piece;
--   * its revenue stays its total net of processed refunds, and its lines share exactly that (shipping and
--     refunds included) in proportion to what each kept, so categories and products add up to the total;
--   * a bill's lines share its total the same way, to the paisa (each line rounded alone could miss by a paisa).
-- Shares are cumulative roundings: round(net × weight up to this line ÷ all weights) less the same up to the line
-- before, so they sum to the net exactly.
CREATE OR REPLACE FUNCTION sale_rows(p_kind text, p_source uuid)
RETURNS TABLE (day date, line boolean, category text, product_id uuid, product_name text, revenue_paise bigint, units integer, sales integer)
LANGUAGE sql STABLE AS $$
  with paid_order as (
    select o.id, (o.paid_at at time zone 'Asia/Kolkata')::date as day, o.status,
      (o.total_paise - coalesce((select sum(r.amount_paise) from refunds r where r.order_id = o.id and r.status = 'processed'), 0))::numeric as net,
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
  -- Each line's weight: what it kept; when nothing was kept (a cancelled order or a whole return whose refund is
  -- not processed yet), what it was sold for, so revenue still counted stays in its categories.
  order_weights as (
    select l.*, case when sum(l.kept) over () > 0 then l.value * l.kept / l.quantity else l.value end as weight
    from order_lines l
  ),
  order_shares as (
    select w.*, sum(w.weight) over (order by w.position, w.id) as upto, sum(w.weight) over () as whole
    from order_weights w
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
      coalesce(round(o.net * s.upto / nullif(s.whole, 0)) - round(o.net * (s.upto - s.weight) / nullif(s.whole, 0)), 0)::bigint as revenue
    from paid_order o cross join order_shares s
  ) x
  where x.revenue <> 0 or x.kept <> 0
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
-- The pieces a return names change what the order kept: they recount it as its lines and refunds do.
CREATE TRIGGER order_return_items_count_sales AFTER INSERT OR UPDATE OR DELETE ON order_return_items FOR EACH ROW EXECUTE FUNCTION order_parts_count_sales();
--> statement-breakpoint
-- Every sale counted again under the new definition.
SELECT sales_recount('order', id) FROM orders WHERE paid_at IS NOT NULL OR id IN (SELECT source_id FROM sale_counts WHERE kind = 'order');
--> statement-breakpoint
SELECT sales_recount('bill', id) FROM bills;
