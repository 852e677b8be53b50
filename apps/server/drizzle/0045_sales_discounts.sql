-- Issue 41: the sales reports show gross, discounts and net. Net is the revenue the rollups already count (sale_rows(),
-- 0035: what an order was charged, net of refunds — after its order-level discounts); discounts are the order-level
-- discounts (automatic offer, coupon: order_items.discount_paise) of the pieces each sale kept, on the day the sale
-- counts; gross = net + discounts. sale_rows() is left exactly as it is (another branch, i43-credit-notes, replaces it
-- in its migration 0038): the discounts have their own function and rollup column, and sales_recount() — renamed,
-- not rewritten — is wrapped so that every trigger that recounts a sale recounts its discounts too.
ALTER TABLE "sales_days" ADD COLUMN "discount_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "sale_discount_counts" (
	"source_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"discount_paise" bigint NOT NULL,
	CONSTRAINT "sale_discount_counts_kind_check" CHECK ("sale_discount_counts"."kind" in ('order', 'bill'))
);--> statement-breakpoint
CREATE INDEX "sale_discount_counts_source_idx" ON "sale_discount_counts" USING btree ("source_id");--> statement-breakpoint
-- The order-level discounts a sale kept: a paid order's lines' shares, each for the pieces the line kept (as 0035's
-- sale_rows() counts them: none when cancelled, less what a return took back), on the day it was paid. Bills have
-- none here (their own discounts are inside their lines, 0034).
CREATE FUNCTION sale_discount_rows(p_kind text, p_source uuid)
RETURNS TABLE (day date, discount_paise bigint)
LANGUAGE sql STABLE AS $$
  with paid_order as (
    select o.id, (o.paid_at at time zone 'Asia/Kolkata')::date as day, o.status,
      exists (select 1 from order_return_items ri where ri.order_id = o.id) as named
    from orders o
    where p_kind = 'order' and o.id = p_source and o.paid_at is not null
  )
  select o.day, coalesce(sum(round(i.discount_paise::numeric * (
      case
        when o.status = 'cancelled' then 0
        when o.status in ('returned', 'refunded') then greatest(i.quantity - coalesce(ri.quantity, case when o.named then 0 else i.quantity end), 0)
        else i.quantity
      end) / i.quantity)), 0)::bigint
  from paid_order o
  join order_items i on i.order_id = o.id
  left join order_return_items ri on ri.order_id = o.id and ri.order_item_id = i.id
  group by o.day
$$;
--> statement-breakpoint
-- 0011/0019's recount of the rollups, unchanged under another name; sales_recount() below calls it first.
ALTER FUNCTION sales_recount(text, uuid) RENAME TO sales_recount_rows;--> statement-breakpoint
CREATE FUNCTION sales_recount(p_kind text, p_source uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Locks the sale's row and recounts revenue, sales and pieces.
  PERFORM sales_recount_rows(p_kind, p_source);
  -- Then its discounts: the previous figures out, the current ones in (days in order, as the rollups are touched).
  INSERT INTO sales_days AS t (day, kind, revenue_paise, sales, units, discount_paise)
  SELECT d.day, p_kind, 0, 0, 0, sum(d.discount_paise)
  FROM (
    SELECT n.day, n.discount_paise FROM sale_discount_rows(p_kind, p_source) n
    UNION ALL
    SELECT o.day, -o.discount_paise FROM sale_discount_counts o WHERE o.source_id = p_source
  ) d
  GROUP BY d.day HAVING sum(d.discount_paise) <> 0 ORDER BY d.day
  ON CONFLICT (day, kind) DO UPDATE SET discount_paise = t.discount_paise + excluded.discount_paise;
  DELETE FROM sale_discount_counts WHERE source_id = p_source;
  INSERT INTO sale_discount_counts (source_id, kind, day, discount_paise)
  SELECT p_source, p_kind, n.day, n.discount_paise FROM sale_discount_rows(p_kind, p_source) n WHERE n.discount_paise <> 0;
END;
$$;
--> statement-breakpoint
ALTER FUNCTION sales_recount(text, uuid) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
-- Orders discounted before this migration (issue 41's branches in development) counted again.
SELECT sales_recount('order', id) FROM orders WHERE paid_at IS NOT NULL AND discount_paise > 0;
