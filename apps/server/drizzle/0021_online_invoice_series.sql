CREATE TABLE "order_invoice_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
-- The financial year (April to March, India time) of an instant, as @shop/core's financialYearOf: '26-27'.
CREATE FUNCTION financial_year_of(p_at timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  select lpad((y % 100)::text, 2, '0') || '-' || lpad(((y + 1) % 100)::text, 2, '0')
  from (select extract(year from d)::int - case when extract(month from d) < 4 then 1 else 0 end as y
        from (select (p_at at time zone 'Asia/Kolkata')::date as d) day) fy
$$;
--> statement-breakpoint
-- 'WEB/26-27/00042', as @shop/core's formatInvoiceNumber(year, n, 'WEB'): five digits at least.
CREATE FUNCTION web_invoice_number(p_year text, p_sequence integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  select 'WEB/' || p_year || '/' || case when p_sequence < 100000 then lpad(p_sequence::text, 5, '0') else p_sequence::text end
$$;
--> statement-breakpoint
-- An online order gets its tax invoice number when it is paid (CGST Rules, rule 46: consecutive per financial year),
-- in the paying transaction, from its own counter row: every way an order is paid (verifyPayment, the webhook, the
-- reconciler, a late payment) numbers it, and a checkout never paid leaves no gap.
CREATE FUNCTION orders_number_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_year text;
  v_last integer;
BEGIN
  IF NEW.paid_at IS NULL OR NEW.invoice_number IS NOT NULL THEN
    RETURN NEW;
  END IF;
  v_year := financial_year_of(NEW.paid_at);
  INSERT INTO order_invoice_counters AS c (financial_year, last) VALUES (v_year, 1)
  ON CONFLICT (financial_year) DO UPDATE SET last = c.last + 1
  RETURNING last INTO v_last;
  NEW.invoice_number := web_invoice_number(v_year, v_last);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_number_invoice BEFORE INSERT OR UPDATE OF paid_at ON orders FOR EACH ROW EXECUTE FUNCTION orders_number_invoice();
--> statement-breakpoint
-- Orders paid before this migration, numbered in the order they were paid.
WITH numbered AS (
  SELECT id, financial_year_of(paid_at) AS year,
    row_number() OVER (PARTITION BY financial_year_of(paid_at) ORDER BY paid_at, created_at, id)::integer AS n
  FROM orders WHERE paid_at IS NOT NULL
)
UPDATE orders o SET invoice_number = web_invoice_number(numbered.year, numbered.n) FROM numbered WHERE o.id = numbered.id;
--> statement-breakpoint
INSERT INTO order_invoice_counters (financial_year, last)
SELECT financial_year_of(paid_at), count(*)::integer FROM orders WHERE paid_at IS NOT NULL GROUP BY 1;
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_unique" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_number_check" CHECK (("orders"."paid_at" is null) = ("orders"."invoice_number" is null) and length("orders"."invoice_number") <= 16);
