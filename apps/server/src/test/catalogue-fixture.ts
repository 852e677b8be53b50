import type { Services } from '../services.js';

/**
 * A small, fully known catalogue for API tests: every number a test asserts can be read off here.
 * Prices in paise. Selling price = price × (100 − discount) / 100.
 */
export async function seedTestCatalogue({ catalogueAdmin: catalogue }: Pick<Services, 'catalogueAdmin'>) {
  const sarees = await catalogue.createCategory({ name: 'Sarees', slug: 'sarees', style: 'traditional', hsnCode: '5007', position: 1 });
  const kurtis = await catalogue.createCategory({ name: 'Kurtis', slug: 'kurtis', style: 'traditional', hsnCode: '6211', position: 2 });
  const silk = await catalogue.createCategory({
    name: 'Silk sarees',
    slug: 'silk-sarees',
    style: 'traditional',
    hsnCode: '5007',
    parentId: sarees,
    position: 3,
  });
  const dresses = await catalogue.createCategory({ name: 'Dresses', slug: 'dresses', style: 'modern', hsnCode: '6204', position: 4 });
  const day = (n: number) => new Date(Date.UTC(2026, 9, n));

  const ids = {
    banarasi: await catalogue.createProduct({
      name: 'Banarasi Silk Saree',
      slug: 'banarasi-silk-saree',
      description: 'Handwoven silk with a zari border, for weddings.',
      categoryId: silk,
      pricePaise: 899_900, // sells at 629_900 (30% off, whole rupees)
      discountPercent: 30,
      fabric: 'Silk',
      tags: ['wedding', 'zari'],
      createdAt: day(1),
      variants: [
        { variantName: 'Maroon', variantColor: 'Maroon', variantSize: 'Free size', quantity: 3, sku: 'T-BAN-MAR' },
        {
          variantName: 'Emerald',
          variantColor: 'Emerald',
          variantSize: 'Free size',
          variantColorPrice: 15_000,
          quantity: 0,
          sku: 'T-BAN-EME',
        },
      ],
    }),
    cottonSaree: await catalogue.createProduct({
      name: 'Cotton Saree with Block Print',
      slug: 'cotton-saree-block-print',
      description: 'Breathable cotton for every day.',
      categoryId: sarees,
      pricePaise: 129_900, // 0% off
      fabric: 'Cotton',
      tags: ['daily'],
      createdAt: day(2),
      stock: 5,
    }),
    chikankari: await catalogue.createProduct({
      name: 'Chikankari Kurti',
      slug: 'chikankari-kurti',
      description: 'Lucknowi hand embroidery on soft cotton.',
      categoryId: kurtis,
      pricePaise: 149_900, // sells at 119_900 (20% off)
      discountPercent: 20,
      fabric: 'Cotton',
      tags: ['office'],
      createdAt: day(3),
      variants: [
        { variantName: 'White S', variantColor: 'White', variantSize: 'S', quantity: 4, sku: 'T-CHI-WHI-S' },
        { variantName: 'White M', variantColor: 'White', variantSize: 'M', quantity: 0, sku: 'T-CHI-WHI-M' },
        { variantName: 'Blue XL', variantColor: 'Blue', variantSize: 'XL', variantSizePrice: 10_000, quantity: 2, sku: 'T-CHI-BLU-XL' },
      ],
    }),
    maxi: await catalogue.createProduct({
      name: 'Tiered Maxi Dress',
      slug: 'tiered-maxi-dress',
      description: 'Flowing rayon dress for brunches.',
      categoryId: dresses,
      pricePaise: 249_900, // sells at 125_000 (50% off: ₹1,249.50 rounds up)
      discountPercent: 50,
      fabric: 'Rayon',
      tags: ['party'],
      createdAt: day(4),
      variants: [
        { variantName: 'Black M', variantColor: 'Black', variantSize: 'M', quantity: 0, sku: 'T-MAX-BLA-M' },
        { variantName: 'Black L', variantColor: 'Black', variantSize: 'L', quantity: 0, sku: 'T-MAX-BLA-L' },
      ],
    }),
    wrap: await catalogue.createProduct({
      name: 'Wrap Dress',
      slug: 'wrap-dress',
      description: 'A wrap dress in crepe.',
      categoryId: dresses,
      pricePaise: 69_900, // sells at 62_900 (10% off)
      discountPercent: 10,
      fabric: 'Crepe',
      createdAt: day(5),
      variants: [{ variantName: 'Blue M', variantColor: 'Blue', variantSize: 'M', quantity: 7, sku: 'T-WRA-BLU-M' }],
    }),
    draft: await catalogue.createProduct({
      name: 'Secret Draft Lehenga',
      slug: 'secret-draft-lehenga',
      description: 'Not yet for sale.',
      categoryId: sarees,
      pricePaise: 500_000,
      status: 'draft',
      stock: 1,
    }),
    archived: await catalogue.createProduct({
      name: 'Archived Silk Saree',
      slug: 'archived-silk-saree',
      description: 'No longer sold.',
      categoryId: silk,
      pricePaise: 500_000,
      status: 'archived',
      stock: 1,
    }),
  };
  return { categories: { sarees, kurtis, silk, dresses }, ids };
}
