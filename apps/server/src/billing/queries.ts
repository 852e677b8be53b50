import { sql } from 'drizzle-orm';
import { categories, productImages, products, variants } from '../catalogue/tables.js';
import { selectRows, type Db } from '../db/database.js';
import { billInvoiceCounters } from './tables.js';

// The SQL of billing that must stay right under concurrency, and the counter's look-ups.

/** What a bill line needs of its product and variant: price parts, stock, SKU, category and HSN. */
export interface BillableRow {
  product_id: string;
  product_name: string;
  status: string;
  price_paise: number;
  discount_percent: number;
  product_stock: number;
  has_variants: boolean;
  category_name: string | null;
  hsn_code: string | null;
  image_url: string | null;
  variant_id: string | null;
  variant_name: string | null;
  variant_color_price_paise: number | null;
  variant_size_price_paise: number | null;
  variant_quantity: number | null;
  sku: string | null;
}

const billableColumns = sql`
  p.id as product_id, p.name as product_name, p.status, p.price_paise, p.discount_percent, p.stock as product_stock,
  exists (select 1 from ${variants} pv where pv.product_id = p.id and pv.archived_at is null) as has_variants,
  coalesce(parent.name, c.name) as category_name, c.hsn_code,
  (select pi.url from ${productImages} pi where pi.product_id = p.id order by pi.position, pi.created_at limit 1) as image_url,
  v.id as variant_id, v.variant_name, v.variant_color_price_paise, v.variant_size_price_paise, v.quantity as variant_quantity, v.sku`;

const billableJoins = sql`
  left join ${categories} c on c.id = p.category_id
  left join ${categories} parent on parent.id = c.parent_id`;

/** One product (and variant) as a bill line sees it; undefined when there is none. */
export async function billableRow(db: Db, productId: string, variantId: string | undefined): Promise<BillableRow | undefined> {
  const [row] = await selectRows<BillableRow>(
    db,
    sql`select ${billableColumns}
        from ${products} p
        left join ${variants} v on v.product_id = p.id and v.id = ${variantId ?? null} and v.archived_at is null
        ${billableJoins}
        where p.id = ${productId}`,
  );
  return row;
}

/**
 * What the counter finds for a typed name or a scanned SKU: an exact SKU first, then names that contain the
 * words; each live variant is its own line, a product without variants is one line. Archived products are left out.
 */
export async function findBillable(db: Db, q: string, limit = 12): Promise<BillableRow[]> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return selectRows<BillableRow>(
    db,
    sql`select ${billableColumns}
        from ${products} p
        left join ${variants} v on v.product_id = p.id and v.archived_at is null
        ${billableJoins}
        where p.status <> 'archived'
          and (lower(v.sku) = lower(${q}) or p.name ilike ${like} or v.sku ilike ${like} or v.variant_name ilike ${like})
        order by (lower(v.sku) = lower(${q})) desc nulls last, p.name, v.position, v.variant_name
        limit ${limit}`,
  );
}

/** The next invoice number of the financial year, from a counter row bumped in the caller's transaction (never max()+1). */
export async function nextInvoiceSequence(tx: Db, financialYear: string): Promise<number> {
  const rows = await selectRows<{ last: number }>(
    tx,
    sql`insert into ${billInvoiceCounters} (financial_year, last) values (${financialYear}, 1)
        on conflict (financial_year) do update set last = ${billInvoiceCounters}.last + 1 returning last`,
  );
  return Number(rows[0]!.last);
}
