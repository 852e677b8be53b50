import { expect, type APIRequestContext } from '@playwright/test';

// Demo products for the wishlist and cart journeys (wishlist-cart specs): each project has its own, so the phone,
// desktop and no-script runs never change each other's carts or wishlists' products.

export interface DemoVariant {
  _id: string;
  variantColor: string;
  variantSize: string;
  quantity: number;
}

export interface DemoProduct {
  _id: string;
  productName: string;
  variants: DemoVariant[];
}

const PRODUCTS: Record<string, { mover: string; scarce: string[]; heart: string; card: string }> = {
  desktop: {
    mover: 'Block Print A-line Kurti',
    scarce: ['Mirror Work Cotton Kurti', 'Straight Rayon Kurti with Gota Patti', 'Sequinned Net Lehenga'],
    heart: 'Banarasi Silk Saree with Zari Border',
    card: 'Chanderi Cotton Silk Saree',
  },
  phone: {
    mover: 'Chikankari Cotton Kurti',
    scarce: ['Cotton Chaniya Choli', 'Bridal Velvet Lehenga with Zardozi', 'Mul Cotton Printed Saree'],
    heart: 'Kanjivaram Silk Saree with Temple Border',
    card: 'Bandhani Georgette Saree',
  },
  'no-script': {
    mover: 'Linen Shirt Dress',
    scarce: ['Banarasi Brocade Lehenga', 'Mirror Work Navratri Lehenga', 'Ikat Handloom Cotton Saree'],
    heart: 'Leheriya Chiffon Saree',
    card: 'Ikat Handloom Cotton Saree',
  },
};

export function productsFor(project: string) {
  const products = PRODUCTS[project];
  if (!products) throw new Error(`no wishlist-cart products for the ${project} project`);
  return products;
}

/** A demo product found by its name, with its variants and their stock. */
export async function demoProduct(request: APIRequestContext, name: string): Promise<DemoProduct> {
  const search = (await (await request.get(`/api/user/product/search?q=${encodeURIComponent(name)}`)).json()) as {
    data: { products: Array<{ _id: string; productName: string }> };
  };
  const card = search.data.products.find((item) => item.productName === name);
  if (!card) throw new Error(`no demo product named ${name}`);
  const details = (await (await request.get(`/api/user/product/getProductDetails/${card._id}`)).json()) as {
    data: { product: DemoProduct };
  };
  return details.data.product;
}

/** The first variant of these products with 2 to 9 pieces: '+' meets its stock before the per-line limit of 10. */
export async function lowStockVariant(request: APIRequestContext, names: string[]) {
  for (const name of names) {
    const product = await demoProduct(request, name);
    const variant = product.variants.find((item) => item.quantity >= 2 && item.quantity <= 9);
    if (variant) return { product, variant };
  }
  expect(names, 'a demo variant with 2 to 9 pieces').toEqual([]);
  throw new Error('unreachable');
}
