import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../db/database.js';
import { categories, productImages, products, variants } from '../catalogue/tables.js';
import { cartLines } from './tables.js';

/** A cart line with what pricing and the cart page need of its product and variant. */
export interface CartLineRow {
  line_id: string;
  quantity: number;
  product_id: string;
  product_name: string;
  product_description: string;
  product_status: string;
  price_paise: number;
  discount_percent: number;
  product_stock: number;
  has_variants: boolean;
  category_id: string | null;
  category_name: string | null;
  hsn_code: string | null;
  image_url: string | null;
  variant_id: string | null;
  variant_name: string | null;
  variant_color: string | null;
  variant_size: string | null;
  variant_color_price_paise: number | null;
  variant_size_price_paise: number | null;
  variant_quantity: number | null;
  sku: string | null;
}

/** The shopper's lines, oldest first, joined with their product, variant, category and first photo. */
export async function cartLineRows(db: Db, userId: string): Promise<CartLineRow[]> {
  return selectRows<CartLineRow>(
    db,
    sql`
    select l.id as line_id, l.quantity,
      p.id as product_id, p.name as product_name, p.description as product_description, p.status as product_status,
      p.price_paise, p.discount_percent, p.stock as product_stock,
      exists (select 1 from ${variants} pv where pv.product_id = p.id) as has_variants,
      c.id as category_id, c.name as category_name, c.hsn_code,
      (select pi.url from ${productImages} pi where pi.product_id = p.id order by pi.position, pi.created_at limit 1) as image_url,
      v.id as variant_id, v.variant_name, v.variant_color, v.variant_size,
      v.variant_color_price_paise, v.variant_size_price_paise, v.quantity as variant_quantity, v.sku
    from ${cartLines} l
    join ${products} p on p.id = l.product_id
    left join ${variants} v on v.id = l.variant_id and v.archived_at is null
    left join ${categories} c on c.id = p.category_id
    where l.user_id = ${userId}
    order by l.created_at, l.id`,
  );
}

/** The product (and variant) a shopper wants to add, with its stock; undefined when there is no such thing. */
export async function sellableRow(db: Db, productId: string, variantId: string | undefined) {
  const rows = await selectRows<{
    status: string;
    stock: number;
    has_variants: boolean;
    variant_id: string | null;
    variant_quantity: number | null;
  }>(
    db,
    sql`
    select p.status, p.stock, exists (select 1 from ${variants} pv where pv.product_id = p.id) as has_variants,
      v.id as variant_id, v.quantity as variant_quantity
    from ${products} p
    left join ${variants} v on v.id = ${variantId ?? null}::uuid and v.product_id = p.id and v.archived_at is null
    where p.id = ${productId}`,
  );
  return rows[0];
}
