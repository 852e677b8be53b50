CREATE TABLE "order_status_counts" (
	"status" text NOT NULL,
	"stripe" smallint NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "order_status_counts_status_stripe_pk" PRIMARY KEY("status","stripe")
);
--> statement-breakpoint
CREATE TABLE "sale_counts" (
	"source_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"line" boolean NOT NULL,
	"category" text,
	"product_id" uuid,
	"product_name" text,
	"revenue_paise" bigint NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "sale_counts_kind_check" CHECK ("sale_counts"."kind" in ('order', 'bill'))
);
--> statement-breakpoint
CREATE TABLE "sales_day_categories" (
	"day" date NOT NULL,
	"category" text NOT NULL,
	"revenue_paise" bigint NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "sales_day_categories_day_category_pk" PRIMARY KEY("day","category")
);
--> statement-breakpoint
CREATE TABLE "sales_day_products" (
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"revenue_paise" bigint NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "sales_day_products_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
CREATE TABLE "sales_days" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"revenue_paise" bigint NOT NULL,
	"sales" integer NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "sales_days_day_kind_pk" PRIMARY KEY("day","kind")
);
--> statement-breakpoint
CREATE INDEX "sale_counts_source_idx" ON "sale_counts" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
-- The definition of a sale (as in apps/server/src/reports/sales.ts): a paid online order counts on the India day
-- it was paid, for its total net of processed refunds, and its pieces and lines unless it was cancelled, returned
-- or refunded; an in-store bill counts on the day it was made, for its total, and each line for its share of the
-- bill's discount. Categories are the top-level category at the time the sale is counted.
CREATE FUNCTION sale_rows(p_kind text, p_source uuid)
RETURNS TABLE (day date, line boolean, category text, product_id uuid, product_name text, revenue_paise bigint, units integer)
LANGUAGE sql STABLE AS $$
  select (o.paid_at at time zone 'Asia/Kolkata')::date, false, null::text, null::uuid, null::text,
    (o.total_paise - coalesce((select sum(r.amount_paise) from refunds r where r.order_id = o.id and r.status = 'processed'), 0))::bigint,
    case when o.status in ('cancelled', 'returned', 'refunded') then 0
      else (select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = o.id)::integer end
  from orders o
  where p_kind = 'order' and o.id = p_source and o.paid_at is not null
  union all
  select (o.paid_at at time zone 'Asia/Kolkata')::date, true, coalesce(parent.name, c.name, i.category_name, 'Other'),
    i.product_id, i.product_name, i.line_total_paise::bigint, i.quantity
  from orders o
  join order_items i on i.order_id = o.id
  left join categories c on c.id = i.category_id
  left join categories parent on parent.id = c.parent_id
  where p_kind = 'order' and o.id = p_source and o.paid_at is not null and o.status not in ('cancelled', 'returned', 'refunded')
  union all
  select (b.created_at at time zone 'Asia/Kolkata')::date, false, null, null, null, b.total_paise::bigint,
    (select coalesce(sum(i.quantity), 0) from bill_items i where i.bill_id = b.id)::integer
  from bills b
  where p_kind = 'bill' and b.id = p_source
  union all
  select (b.created_at at time zone 'Asia/Kolkata')::date, true, coalesce(i.category_name, 'Other'), i.product_id, i.name,
    coalesce(round(i.line_total_paise::numeric * b.total_paise / nullif(b.subtotal_paise, 0)), 0)::bigint, i.quantity
  from bills b
  join bill_items i on i.bill_id = b.id
  where p_kind = 'bill' and b.id = p_source
$$;
--> statement-breakpoint
-- Takes a sale's previous figures out of the rollups and puts its current ones in. Called by the triggers below
-- in the writing transaction, with the order or bill row locked, so two changes to one sale are counted one
-- after the other. Rollup rows are touched in key order (days, then categories, then products) so concurrent
-- recounts wait for each other instead of deadlocking.
CREATE FUNCTION sales_recount(p_kind text, p_source uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_kind = 'order' THEN
    PERFORM 1 FROM orders WHERE id = p_source FOR UPDATE;
  ELSE
    PERFORM 1 FROM bills WHERE id = p_source FOR UPDATE;
  END IF;

  INSERT INTO sales_days AS t (day, kind, revenue_paise, sales, units)
  SELECT d.day, p_kind, sum(d.revenue_paise), sum(d.sales), sum(d.units)
  FROM (
    SELECT n.day, n.revenue_paise, 1 AS sales, n.units FROM sale_rows(p_kind, p_source) n WHERE NOT n.line
    UNION ALL
    SELECT o.day, -o.revenue_paise, -1, -o.units FROM sale_counts o WHERE o.source_id = p_source AND NOT o.line
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
  INSERT INTO sale_counts (source_id, kind, day, line, category, product_id, product_name, revenue_paise, units)
  SELECT p_source, p_kind, n.day, n.line, n.category, n.product_id, n.product_name, n.revenue_paise, n.units
  FROM sale_rows(p_kind, p_source) n;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION orders_count_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM sales_recount('order', OLD.id);
  ELSIF TG_OP = 'INSERT' THEN
    IF NEW.paid_at IS NOT NULL THEN PERFORM sales_recount('order', NEW.id); END IF;
  ELSIF OLD.paid_at IS DISTINCT FROM NEW.paid_at OR OLD.status IS DISTINCT FROM NEW.status OR OLD.total_paise IS DISTINCT FROM NEW.total_paise THEN
    PERFORM sales_recount('order', NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_count_sales AFTER INSERT OR UPDATE OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_count_sales();
--> statement-breakpoint
-- Lines and refunds change an order's figures only once it is paid (lines are written before payment).
CREATE FUNCTION order_parts_count_sales() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_order uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.order_id ELSE NEW.order_id END;
BEGIN
  IF EXISTS (SELECT 1 FROM orders WHERE id = v_order AND paid_at IS NOT NULL) OR EXISTS (SELECT 1 FROM sale_counts WHERE source_id = v_order) THEN
    PERFORM sales_recount('order', v_order);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_count_sales AFTER INSERT OR UPDATE OR DELETE ON order_items FOR EACH ROW EXECUTE FUNCTION order_parts_count_sales();
--> statement-breakpoint
CREATE TRIGGER refunds_count_sales AFTER INSERT OR UPDATE OR DELETE ON refunds FOR EACH ROW EXECUTE FUNCTION order_parts_count_sales();
--> statement-breakpoint
CREATE FUNCTION bills_count_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_recount('bill', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bills_count_sales AFTER INSERT OR UPDATE OR DELETE ON bills FOR EACH ROW EXECUTE FUNCTION bills_count_sales();
--> statement-breakpoint
CREATE FUNCTION bill_items_count_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_recount('bill', CASE WHEN TG_OP = 'DELETE' THEN OLD.bill_id ELSE NEW.bill_id END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bill_items_count_sales AFTER INSERT OR UPDATE OR DELETE ON bill_items FOR EACH ROW EXECUTE FUNCTION bill_items_count_sales();
--> statement-breakpoint
-- Sales made before this migration.
SELECT sales_recount('order', id) FROM orders WHERE paid_at IS NOT NULL;
--> statement-breakpoint
SELECT sales_recount('bill', id) FROM bills;
--> statement-breakpoint
CREATE FUNCTION orders_count_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO order_status_counts AS t (status, stripe, orders) VALUES (OLD.status, abs(hashtext(OLD.id::text)) % 16, -1)
    ON CONFLICT (status, stripe) DO UPDATE SET orders = t.orders - 1;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO order_status_counts AS t (status, stripe, orders) VALUES (NEW.status, abs(hashtext(NEW.id::text)) % 16, 1)
    ON CONFLICT (status, stripe) DO UPDATE SET orders = t.orders + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_count_statuses_insert_delete AFTER INSERT OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_count_statuses();
--> statement-breakpoint
CREATE TRIGGER orders_count_statuses_update AFTER UPDATE OF status ON orders FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION orders_count_statuses();
--> statement-breakpoint
INSERT INTO order_status_counts (status, stripe, orders)
SELECT status, abs(hashtext(id::text)) % 16, count(*) FROM orders GROUP BY 1, 2;
