import type { NewVariant } from '../../catalogue/admin-service.js';
import { hashText, type ArtSpec } from './garment-art.js';

/**
 * The demo catalogue: what a small Indian women's-wear boutique sells, traditional and modern. Plain data;
 * the seed turns it into categories, products, variants and generated photos. Money is integer paise.
 */

export type DemoCategorySlug =
  'sarees' | 'kurtis' | 'lehengas' | 'salwar-suits' | 'dupattas' | 'dresses' | 'tops' | 'bottoms' | 'co-ord-sets' | 'accessories';

export interface DemoCategory {
  slug: DemoCategorySlug;
  name: string;
  style: 'traditional' | 'modern';
  hsnCode: string;
  description: string;
  /** SKU prefix of the category's products. */
  skuPrefix: string;
}

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    slug: 'sarees',
    name: 'Sarees',
    style: 'traditional',
    hsnCode: '5007',
    skuPrefix: 'SAR',
    description: 'Handloom silks, airy cottons and festive georgettes, six yards of grace for every occasion.',
  },
  {
    slug: 'kurtis',
    name: 'Kurtis',
    style: 'traditional',
    hsnCode: '6211',
    skuPrefix: 'KUR',
    description: 'Everyday and festive kurtis in cotton, rayon and khadi, from chikankari to block print.',
  },
  {
    slug: 'lehengas',
    name: 'Lehengas',
    style: 'traditional',
    hsnCode: '6204',
    skuPrefix: 'LEH',
    description: 'Flared lehengas with blouse and dupatta for weddings, sangeet and Navratri nights.',
  },
  {
    slug: 'salwar-suits',
    name: 'Salwar suits',
    style: 'traditional',
    hsnCode: '6204',
    skuPrefix: 'SAL',
    description: 'Anarkali, straight, Patiala and sharara suit sets, complete with dupatta.',
  },
  {
    slug: 'dupattas',
    name: 'Dupattas',
    style: 'traditional',
    hsnCode: '6214',
    skuPrefix: 'DUP',
    description: 'Phulkari, bandhani, Banarasi and handloom dupattas to lift a plain kurta.',
  },
  {
    slug: 'dresses',
    name: 'Dresses',
    style: 'modern',
    hsnCode: '6204',
    skuPrefix: 'DRS',
    description: 'Maxi, midi and shirt dresses in breathable fabrics made for Indian summers.',
  },
  {
    slug: 'tops',
    name: 'Tops',
    style: 'modern',
    hsnCode: '6206',
    skuPrefix: 'TOP',
    description: 'Easy tops, blouses and shirts for the office, college and weekends.',
  },
  {
    slug: 'bottoms',
    name: 'Bottoms',
    style: 'modern',
    hsnCode: '6204',
    skuPrefix: 'BOT',
    description: 'Palazzos, trousers, dhoti pants and leggings that pair with every kurti and top.',
  },
  {
    slug: 'co-ord-sets',
    name: 'Co-ord sets',
    style: 'modern',
    hsnCode: '6204',
    skuPrefix: 'COS',
    description: 'Matching tops and bottoms: one decision, a complete look.',
  },
  {
    slug: 'accessories',
    name: 'Accessories',
    style: 'modern',
    hsnCode: '6217',
    skuPrefix: 'ACC',
    description: 'Jhumkas, bangles and potli bags to finish the outfit.',
  },
];

export interface DemoColor {
  name: string;
  /** Extra price of this colour in paise (a costlier dye or zari). */
  extra?: number;
}

export interface DemoProduct {
  name: string;
  category: DemoCategorySlug;
  description: string;
  fabric: string;
  tags: string[];
  /** MRP in paise, before discount and variant extras. */
  pricePaise: number;
  discountPercent: number;
  colors: DemoColor[];
  sizes: readonly string[];
  /** Extra price per size in paise (bigger sizes use more fabric). */
  sizeExtras?: Readonly<Record<string, number>>;
  art: ArtSpec;
  status?: 'draft' | 'archived';
  /** Every variant out of stock. */
  soldOut?: boolean;
  /** The product's own HSN where its category's does not fit (a cotton saree is not silk's 5007). */
  hsnCode?: string;
}

const FREE = ['Free size'] as const;
const S_XXL = ['S', 'M', 'L', 'XL', 'XXL'] as const;
const S_XL = ['S', 'M', 'L', 'XL'] as const;
const M_XXL = ['M', 'L', 'XL', 'XXL'] as const;
const PLUS_100_200 = { XL: 10_000, XXL: 20_000 } as const;
const PLUS_150_200 = { XL: 15_000, XXL: 20_000 } as const;

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  // ── Sarees ──
  {
    name: 'Banarasi Silk Saree with Zari Border',
    category: 'sarees',
    fabric: 'Banarasi silk',
    tags: ['festive', 'wedding', 'zari', 'handloom'],
    pricePaise: 849_900,
    discountPercent: 20,
    colors: [{ name: 'Maroon' }, { name: 'Red' }, { name: 'Emerald' }],
    sizes: FREE,
    art: { shape: 'saree', pattern: 'buti', zari: true },
    description:
      'Woven in Varanasi on a pure silk base with gold zari butis and a broad kadhwa border. The rich pallu falls in a cascade of zari motifs. Comes with an unstitched blouse piece. Dry clean only.',
  },
  {
    name: 'Kanjivaram Silk Saree with Temple Border',
    category: 'sarees',
    fabric: 'Kanjivaram silk',
    tags: ['wedding', 'zari', 'temple border', 'handloom'],
    pricePaise: 899_900,
    discountPercent: 10,
    colors: [{ name: 'Mustard' }, { name: 'Rani Pink' }, { name: 'Emerald' }],
    sizes: FREE,
    art: { shape: 'saree', pattern: 'checks', zari: true },
    description:
      'A heavy Kanjivaram silk with a contrast temple border and zari checks across the body. Made for muhurtham mornings and receptions alike. Store folded in a muslin cloth and dry clean only.',
  },
  {
    name: 'Chanderi Cotton Silk Saree',
    category: 'sarees',
    fabric: 'Chanderi cotton silk',
    tags: ['office', 'festive', 'handloom', 'lightweight'],
    pricePaise: 249_900,
    discountPercent: 25,
    colors: [{ name: 'Peach' }, { name: 'Mint' }, { name: 'Ivory' }],
    sizes: FREE,
    art: { shape: 'saree', pattern: 'buti', zari: true },
    description:
      'Sheer, light Chanderi with delicate silver-gold butis and a slim zari border. Easy to drape for the office and elegant enough for a puja. Gentle hand wash in cold water or dry clean.',
  },
  {
    name: 'Bandhani Georgette Saree',
    hsnCode: '5407',
    category: 'sarees',
    fabric: 'Georgette',
    tags: ['festive', 'bandhani', 'party'],
    pricePaise: 189_900,
    discountPercent: 30,
    colors: [{ name: 'Red' }, { name: 'Rani Pink' }],
    sizes: FREE,
    art: { shape: 'saree', pattern: 'dots', zari: true },
    description:
      'Hand-tied bandhani dots from Jamnagar on flowing georgette, finished with a gota lace border. A cheerful choice for Karva Chauth, Teej and family functions. Dry clean for the first wash.',
  },
  {
    name: 'Leheriya Chiffon Saree',
    hsnCode: '5407',
    category: 'sarees',
    fabric: 'Chiffon',
    tags: ['party', 'leheriya', 'lightweight', 'summer'],
    pricePaise: 149_900,
    discountPercent: 40,
    colors: [{ name: 'Yellow' }, { name: 'Orange' }, { name: 'Teal' }],
    sizes: FREE,
    art: { shape: 'saree', pattern: 'leheriya' },
    description:
      'Rajasthani leheriya waves dyed on feather-light chiffon. It drapes in minutes and packs small, ideal for destination weddings. Hand wash separately in cold water.',
  },
  {
    name: 'Ikat Handloom Cotton Saree',
    hsnCode: '5208',
    category: 'sarees',
    fabric: 'Handloom cotton',
    tags: ['office', 'handloom', 'ikat', 'daily wear'],
    pricePaise: 229_900,
    discountPercent: 0,
    colors: [{ name: 'Indigo' }, { name: 'Black' }],
    sizes: FREE,
    art: { shape: 'saree', pattern: 'chevron' },
    description:
      'Pochampally double ikat woven by hand in Telangana, with a crisp cotton feel that softens with every wash. A saree for long workdays that still looks considered. Hand wash; starch lightly if you like a sharp drape.',
  },
  {
    name: 'Mul Cotton Printed Saree',
    hsnCode: '5208',
    category: 'sarees',
    fabric: 'Mul cotton',
    tags: ['daily wear', 'summer', 'printed'],
    pricePaise: 99_900,
    discountPercent: 35,
    colors: [{ name: 'Navy' }, { name: 'Teal' }, { name: 'Mustard' }],
    sizes: FREE,
    art: { shape: 'saree', pattern: 'floral' },
    description: 'Soft mul cotton with a hand-block floral print, cool against the skin in peak summer. Machine wash gentle, dry in shade.',
  },
  // ── Kurtis ──
  {
    name: 'Chikankari Cotton Kurti',
    category: 'kurtis',
    fabric: 'Cotton',
    tags: ['chikankari', 'office', 'summer', 'hand embroidered'],
    pricePaise: 129_900,
    discountPercent: 20,
    colors: [{ name: 'White' }, { name: 'Powder Blue' }, { name: 'Pink' }],
    sizes: S_XXL,
    sizeExtras: PLUS_100_200,
    art: { shape: 'kurti', pattern: 'floral' },
    description:
      'Lucknowi chikankari hand-embroidered on breathable cotton, with a keyhole neckline and three-quarter sleeves. Pairs with palazzos for work or jeans for the weekend. Gentle hand wash, iron on the reverse.',
  },
  {
    name: 'Block Print A-line Kurti',
    category: 'kurtis',
    fabric: 'Cotton',
    tags: ['block print', 'daily wear', 'casual'],
    pricePaise: 79_900,
    discountPercent: 30,
    colors: [{ name: 'Indigo' }, { name: 'Mustard' }],
    sizes: S_XXL,
    art: { shape: 'kurti', pattern: 'buti' },
    description:
      'Sanganeri hand-block butis on soft cotton, cut in an easy A-line with side pockets. Machine wash cold; colours may bleed in the first wash.',
  },
  {
    name: 'Straight Rayon Kurti with Gota Patti',
    category: 'kurtis',
    fabric: 'Rayon',
    tags: ['festive', 'gota patti', 'zari'],
    pricePaise: 99_900,
    discountPercent: 15,
    colors: [{ name: 'Teal' }, { name: 'Maroon', extra: 15_000 }],
    sizes: S_XXL,
    sizeExtras: PLUS_100_200,
    art: { shape: 'kurti', pattern: 'stripes', zari: true },
    description:
      'A straight rayon kurti with gota patti lace along the neckline and hem, for Diwali card parties and office celebrations. Fluid, wrinkle-resistant and easy to care for. Dry clean recommended.',
  },
  {
    name: 'Mirror Work Cotton Kurti',
    category: 'kurtis',
    fabric: 'Cotton',
    tags: ['navratri', 'mirror work', 'festive'],
    pricePaise: 119_900,
    discountPercent: 25,
    colors: [{ name: 'Black' }, { name: 'Rust' }],
    sizes: S_XL,
    art: { shape: 'kurti', pattern: 'mirror' },
    description:
      'Kutch-style mirror work and thread embroidery on a cotton yoke, with side slits for easy movement. Made for garba nights. Hand wash inside out in cold water.',
  },
  {
    name: 'Ajrakh Print Kurti',
    category: 'kurtis',
    fabric: 'Cotton',
    tags: ['ajrakh', 'hand block', 'office'],
    pricePaise: 149_900,
    discountPercent: 10,
    colors: [{ name: 'Indigo' }, { name: 'Maroon' }],
    sizes: S_XL,
    soldOut: true,
    art: { shape: 'kurti', pattern: 'paisley' },
    description:
      'Natural-dye ajrakh from Kutch, printed by hand with indigo and madder in layered paisley motifs. Each piece varies slightly, the mark of handwork. Hand wash separately in cold water.',
  },
  {
    name: 'Khadi Cotton Kurti',
    category: 'kurtis',
    fabric: 'Khadi',
    tags: ['khadi', 'office', 'handloom'],
    pricePaise: 89_900,
    discountPercent: 0,
    colors: [{ name: 'Ivory' }, { name: 'Olive' }],
    sizes: M_XXL,
    art: { shape: 'kurti', pattern: 'plain' },
    description:
      'Hand-spun khadi with a band collar and wooden buttons, breathable and quietly smart. Machine wash gentle; it gets softer every time.',
  },
  {
    name: 'Floral Print Flared Kurti',
    category: 'kurtis',
    fabric: 'Rayon',
    tags: ['casual', 'printed', 'summer'],
    pricePaise: 69_900,
    discountPercent: 45,
    colors: [{ name: 'Peach' }, { name: 'Lavender' }, { name: 'Mint' }],
    sizes: S_XXL,
    status: 'draft',
    art: { shape: 'kurti', pattern: 'floral' },
    description: 'A swingy, flared rayon kurti with a soft floral print and flutter sleeves. Machine wash cold, dry in shade.',
  },
  // ── Lehengas ──
  {
    name: 'Mirror Work Navratri Lehenga',
    category: 'lehengas',
    fabric: 'Cotton silk',
    tags: ['navratri', 'garba', 'mirror work', 'festive'],
    pricePaise: 459_900,
    discountPercent: 30,
    colors: [{ name: 'Rani Pink' }, { name: 'Green' }, { name: 'Orange' }],
    sizes: S_XL,
    art: { shape: 'lehenga', pattern: 'mirror', zari: true },
    description:
      'A full-flared chaniya with real mirror work and a zari hem, a matching choli and a contrast dupatta. Twirls beautifully through nine nights of garba. Dry clean only.',
  },
  {
    name: 'Bridal Velvet Lehenga with Zardozi',
    category: 'lehengas',
    fabric: 'Velvet',
    tags: ['bridal', 'wedding', 'zardozi', 'zari'],
    pricePaise: 899_900,
    discountPercent: 15,
    colors: [{ name: 'Maroon' }, { name: 'Red' }],
    sizes: S_XL,
    art: { shape: 'lehenga', pattern: 'paisley', zari: true },
    description:
      'Micro-velvet lehenga with hand zardozi paisleys, a cancan-lined skirt and a net dupatta with scalloped border. Semi-stitched blouse to fit you perfectly. Dry clean only; store flat.',
  },
  {
    name: 'Banarasi Brocade Lehenga',
    category: 'lehengas',
    fabric: 'Banarasi brocade',
    tags: ['wedding', 'zari', 'festive'],
    pricePaise: 749_900,
    discountPercent: 20,
    colors: [{ name: 'Mustard' }, { name: 'Emerald' }],
    sizes: S_XL,
    art: { shape: 'lehenga', pattern: 'buti', zari: true },
    description:
      'Woven Banarasi brocade with gold butis across a twelve-kali skirt, paired with a raw silk blouse and organza dupatta. A rich, classic look for wedding functions. Dry clean only.',
  },
  {
    name: 'Sequinned Net Lehenga',
    category: 'lehengas',
    fabric: 'Net',
    tags: ['sangeet', 'party', 'sequins'],
    pricePaise: 549_900,
    discountPercent: 35,
    colors: [{ name: 'Lavender' }, { name: 'Peach' }, { name: 'Black', extra: 15_000 }],
    sizes: S_XL,
    art: { shape: 'lehenga', pattern: 'dots' },
    description:
      'Layered net with all-over sequin dots that catch the light on the dance floor. Lightweight for a lehenga, with a padded blouse and soft net dupatta. Dry clean only.',
  },
  {
    name: 'Cotton Chaniya Choli',
    category: 'lehengas',
    fabric: 'Cotton',
    tags: ['navratri', 'garba', 'printed'],
    pricePaise: 249_900,
    discountPercent: 40,
    colors: [{ name: 'Red' }, { name: 'Navy' }],
    sizes: S_XL,
    art: { shape: 'lehenga', pattern: 'chevron', zari: true },
    description:
      'A printed cotton chaniya with a wide flare and a ready-to-wear choli, cool enough for long garba nights. Hand wash cold, separately.',
  },
  {
    name: 'Floral Organza Lehenga',
    category: 'lehengas',
    fabric: 'Organza',
    tags: ['haldi', 'mehendi', 'floral'],
    pricePaise: 639_900,
    discountPercent: 25,
    colors: [{ name: 'Mint' }, { name: 'Pink' }],
    sizes: S_XL,
    status: 'archived',
    art: { shape: 'lehenga', pattern: 'floral', zari: true },
    description: 'Printed organza with hand-embroidered florals for day functions. Dry clean only.',
  },
  // ── Salwar suits ──
  {
    name: 'Floral Georgette Anarkali Suit',
    category: 'salwar-suits',
    fabric: 'Georgette',
    tags: ['festive', 'anarkali', 'zari'],
    pricePaise: 299_900,
    discountPercent: 30,
    colors: [{ name: 'Teal' }, { name: 'Wine' }],
    sizes: S_XXL,
    sizeExtras: PLUS_150_200,
    art: { shape: 'salwar', pattern: 'floral', zari: true },
    description:
      'A floor-sweeping georgette Anarkali with zari-embroidered florals, churidar and a chiffon dupatta. Fully lined and comfortable through a long evening. Dry clean only.',
  },
  {
    name: 'Patiala Salwar Suit with Phulkari Dupatta',
    category: 'salwar-suits',
    fabric: 'Cotton',
    tags: ['punjabi', 'phulkari', 'festive'],
    pricePaise: 219_900,
    discountPercent: 20,
    colors: [{ name: 'Yellow' }, { name: 'Rani Pink' }],
    sizes: S_XXL,
    art: { shape: 'salwar', pattern: 'floral' },
    description:
      'A cotton kameez with a generously pleated Patiala salwar and a bright phulkari dupatta from Patiala. Perfect for Lohri and Baisakhi. Hand wash the dupatta separately.',
  },
  {
    name: 'Chanderi Straight Suit Set',
    category: 'salwar-suits',
    fabric: 'Chanderi',
    tags: ['office', 'festive', 'zari'],
    pricePaise: 259_900,
    discountPercent: 15,
    colors: [{ name: 'Powder Blue' }, { name: 'Peach' }],
    sizes: S_XXL,
    sizeExtras: PLUS_100_200,
    art: { shape: 'salwar', pattern: 'buti', zari: true },
    description:
      'A straight Chanderi kurta with zari butis, cotton pants and a sheer Chanderi dupatta. Understated enough for work, pretty enough for a festive lunch. Dry clean recommended.',
  },
  {
    name: 'Cotton Printed Churidar Suit',
    category: 'salwar-suits',
    fabric: 'Cotton',
    tags: ['daily wear', 'printed', 'summer'],
    pricePaise: 149_900,
    discountPercent: 35,
    colors: [{ name: 'Navy' }, { name: 'Green' }],
    sizes: S_XXL,
    art: { shape: 'salwar', pattern: 'paisley' },
    description:
      'A printed cotton kurta with a stretchable churidar and a mulmul dupatta, an everyday set that breathes. Machine wash gentle, dry in shade.',
  },
  {
    name: 'Sharara Suit with Gota Work',
    category: 'salwar-suits',
    fabric: 'Georgette',
    tags: ['wedding guest', 'gota patti', 'sharara', 'zari'],
    pricePaise: 389_900,
    discountPercent: 25,
    colors: [{ name: 'Mint' }, { name: 'Maroon' }],
    sizes: S_XL,
    art: { shape: 'salwar', pattern: 'stripes', zari: true },
    description:
      'A short kurta with gota patti borders over flared sharara pants, with a matching dupatta. A favourite for mehendi and sangeet guests. Dry clean only.',
  },
  {
    name: 'Chikankari Palazzo Suit',
    category: 'salwar-suits',
    fabric: 'Georgette',
    tags: ['chikankari', 'festive', 'hand embroidered'],
    pricePaise: 329_900,
    discountPercent: 10,
    colors: [{ name: 'White' }, { name: 'Lavender' }],
    sizes: S_XL,
    soldOut: true,
    art: { shape: 'salwar', pattern: 'floral' },
    description:
      'Hand chikankari on soft georgette with a palazzo and matching dupatta, a Lucknow classic for Eid and summer weddings. Comes with a cotton slip. Gentle hand wash or dry clean.',
  },
  // ── Dupattas ──
  {
    name: 'Phulkari Dupatta',
    category: 'dupattas',
    fabric: 'Cotton',
    tags: ['phulkari', 'hand embroidered', 'festive'],
    pricePaise: 129_900,
    discountPercent: 20,
    colors: [{ name: 'Mustard' }, { name: 'Red' }, { name: 'Rani Pink' }],
    sizes: FREE,
    art: { shape: 'dupatta', pattern: 'floral', zari: true },
    description:
      'Bagh-style phulkari embroidered in silk floss by artisans in Punjab, with tasselled ends. Lights up a plain white kurta instantly. Dry clean to keep the floss bright.',
  },
  {
    name: 'Banarasi Silk Dupatta',
    category: 'dupattas',
    fabric: 'Banarasi silk',
    tags: ['wedding', 'zari', 'festive'],
    pricePaise: 189_900,
    discountPercent: 15,
    colors: [{ name: 'Maroon' }, { name: 'Emerald' }],
    sizes: FREE,
    art: { shape: 'dupatta', pattern: 'buti', zari: true },
    description:
      'Zari butis woven through soft Banarasi silk, with a rich border on all four sides. Drape it over a plain suit or lehenga. Dry clean only.',
  },
  {
    name: 'Bandhani Dupatta',
    category: 'dupattas',
    fabric: 'Art silk',
    tags: ['bandhani', 'festive'],
    pricePaise: 79_900,
    discountPercent: 30,
    colors: [{ name: 'Red' }, { name: 'Green' }],
    sizes: FREE,
    art: { shape: 'dupatta', pattern: 'dots', zari: true },
    description:
      'Traditional Gujarati bandhani in fine tie-dye dots with a gota edge. Dry clean for the first wash; hand wash cold thereafter.',
  },
  {
    name: 'Chiffon Leheriya Dupatta',
    category: 'dupattas',
    fabric: 'Chiffon',
    tags: ['leheriya', 'summer', 'lightweight'],
    pricePaise: 59_900,
    discountPercent: 40,
    colors: [{ name: 'Yellow' }, { name: 'Pink' }],
    sizes: FREE,
    art: { shape: 'dupatta', pattern: 'leheriya' },
    description: 'Feather-light chiffon with wave-dyed leheriya stripes from Jaipur. Hand wash separately in cold water.',
  },
  {
    name: 'Kota Doria Dupatta',
    category: 'dupattas',
    fabric: 'Kota doria',
    tags: ['handloom', 'office', 'summer'],
    pricePaise: 69_900,
    discountPercent: 0,
    colors: [{ name: 'Ivory' }, { name: 'Peach' }],
    sizes: FREE,
    art: { shape: 'dupatta', pattern: 'checks' },
    description: 'Airy Kota doria woven in its signature khat checks, sheer and crisp. Hand wash and starch lightly.',
  },
  {
    name: 'Kalamkari Cotton Dupatta',
    category: 'dupattas',
    fabric: 'Cotton',
    tags: ['kalamkari', 'hand painted', 'daily wear'],
    pricePaise: 49_900,
    discountPercent: 25,
    colors: [{ name: 'Black' }, { name: 'Rust' }],
    sizes: FREE,
    art: { shape: 'dupatta', pattern: 'paisley' },
    description:
      'Pen-drawn kalamkari paisleys in natural dyes from Srikalahasti on soft cotton. Hand wash separately; natural dyes mellow beautifully over time.',
  },
  // ── Dresses ──
  {
    name: 'Tiered Maxi Dress',
    category: 'dresses',
    fabric: 'Cotton',
    tags: ['vacation', 'summer', 'casual'],
    pricePaise: 189_900,
    discountPercent: 40,
    colors: [{ name: 'Navy' }, { name: 'Mustard' }],
    sizes: S_XXL,
    sizeExtras: PLUS_100_200,
    art: { shape: 'dress', pattern: 'dots' },
    description:
      'A flowing three-tier maxi in polka-dot cotton with flutter sleeves and a tie waist. Made for Goa holidays and long summer lunches. Machine wash gentle.',
  },
  {
    name: 'Floral Wrap Midi Dress',
    category: 'dresses',
    fabric: 'Viscose crepe',
    tags: ['brunch', 'date night', 'floral'],
    pricePaise: 159_900,
    discountPercent: 30,
    colors: [{ name: 'Peach' }, { name: 'Black' }],
    sizes: S_XL,
    art: { shape: 'dress', pattern: 'floral' },
    description: 'A true wrap midi in soft viscose crepe with a floral print that flatters every shape. Hand wash cold, cool iron.',
  },
  {
    name: 'Linen Shirt Dress',
    category: 'dresses',
    fabric: 'Linen',
    tags: ['office', 'summer', 'linen'],
    pricePaise: 219_900,
    discountPercent: 20,
    colors: [{ name: 'Beige' }, { name: 'Olive' }],
    sizes: S_XXL,
    sizeExtras: PLUS_150_200,
    art: { shape: 'dress', pattern: 'plain' },
    description:
      'Pure linen shirt dress with a self belt and roll-up sleeves, crisp in the morning and relaxed by evening. Wear it to work or belt it for the weekend. Machine wash gentle; linen loves a steam iron.',
  },
  {
    name: 'Block Print Cotton Maxi Dress',
    category: 'dresses',
    fabric: 'Cotton',
    tags: ['block print', 'vacation', 'casual'],
    pricePaise: 139_900,
    discountPercent: 35,
    colors: [{ name: 'Indigo' }, { name: 'Rust' }],
    sizes: S_XL,
    art: { shape: 'dress', pattern: 'buti' },
    description: 'Hand-block butis from Bagru on a breezy cotton maxi with pockets. Machine wash cold, separately.',
  },
  {
    name: 'Smocked Cotton Sundress',
    category: 'dresses',
    fabric: 'Cotton',
    tags: ['summer', 'casual', 'checks'],
    pricePaise: 119_900,
    discountPercent: 50,
    colors: [{ name: 'Yellow' }, { name: 'Powder Blue' }],
    sizes: S_XL,
    art: { shape: 'dress', pattern: 'checks' },
    description: 'A gingham sundress with a stretchy smocked bodice, no zips, no fuss. Machine wash gentle.',
  },
  {
    name: 'Satin Slip Dress',
    category: 'dresses',
    fabric: 'Satin',
    tags: ['party', 'cocktail'],
    pricePaise: 249_900,
    discountPercent: 15,
    colors: [{ name: 'Emerald' }, { name: 'Wine' }, { name: 'Black' }],
    sizes: S_XL,
    art: { shape: 'dress', pattern: 'plain' },
    description: 'A bias-cut satin slip dress with adjustable straps and a soft cowl neck, for cocktail evenings. Dry clean recommended.',
  },
  {
    name: 'Ikat Fit and Flare Dress',
    category: 'dresses',
    fabric: 'Handloom cotton',
    tags: ['ikat', 'handloom', 'office'],
    pricePaise: 179_900,
    discountPercent: 25,
    colors: [{ name: 'Blue' }, { name: 'Red' }],
    sizes: S_XL,
    status: 'draft',
    art: { shape: 'dress', pattern: 'chevron' },
    description: 'Handloom ikat in a fit-and-flare cut with a fitted bodice. Hand wash cold.',
  },
  // ── Tops ──
  {
    name: 'Peplum Cotton Top',
    category: 'tops',
    fabric: 'Cotton',
    tags: ['office', 'casual'],
    pricePaise: 79_900,
    discountPercent: 30,
    colors: [{ name: 'Peach' }, { name: 'White' }],
    sizes: S_XXL,
    art: { shape: 'top', pattern: 'checks' },
    description: 'A fitted cotton top with a flared peplum and puff sleeves, smart with trousers and sweet with jeans. Machine wash cold.',
  },
  {
    name: 'Chikankari Short Top',
    category: 'tops',
    fabric: 'Cotton',
    tags: ['chikankari', 'casual', 'summer'],
    pricePaise: 89_900,
    discountPercent: 20,
    colors: [{ name: 'White' }, { name: 'Pink' }],
    sizes: S_XL,
    art: { shape: 'top', pattern: 'floral' },
    description: 'Lucknowi chikankari on a short cotton top, a fusion staple with denim or palazzos. Gentle hand wash.',
  },
  {
    name: 'Puff Sleeve Polka Top',
    category: 'tops',
    fabric: 'Cotton',
    tags: ['college', 'casual', 'polka'],
    pricePaise: 59_900,
    discountPercent: 40,
    colors: [{ name: 'Lavender' }, { name: 'Mint' }, { name: 'Yellow' }],
    sizes: S_XL,
    art: { shape: 'top', pattern: 'dots' },
    description: 'Soft cotton polka-dot top with dramatic puff sleeves and a square neck. Machine wash cold.',
  },
  {
    name: 'Ruffled Georgette Blouse',
    category: 'tops',
    fabric: 'Georgette',
    tags: ['office', 'party'],
    pricePaise: 99_900,
    discountPercent: 25,
    colors: [{ name: 'Black' }, { name: 'Coral' }],
    sizes: S_XXL,
    sizeExtras: PLUS_100_200,
    art: { shape: 'top', pattern: 'plain' },
    description: 'A fluid georgette blouse with a ruffled neckline that goes from meetings to dinner. Hand wash cold or dry clean.',
  },
  {
    name: 'Striped Linen Shirt',
    category: 'tops',
    fabric: 'Linen',
    tags: ['office', 'linen', 'stripes'],
    pricePaise: 129_900,
    discountPercent: 10,
    colors: [{ name: 'Blue' }, { name: 'Olive' }],
    sizes: S_XXL,
    art: { shape: 'top', pattern: 'stripes' },
    description: 'A relaxed linen shirt in classic stripes, breathable through Indian summers. Machine wash gentle; steam iron while damp.',
  },
  {
    name: 'Printed Tunic Top',
    category: 'tops',
    fabric: 'Rayon',
    tags: ['casual', 'printed'],
    pricePaise: 69_900,
    discountPercent: 55,
    colors: [{ name: 'Teal' }, { name: 'Mustard' }],
    sizes: S_XL,
    soldOut: true,
    art: { shape: 'top', pattern: 'paisley' },
    description: 'A paisley-print rayon tunic with a mandarin collar. Machine wash cold, dry in shade.',
  },
  // ── Bottoms ──
  {
    name: 'Flared Palazzo Pants',
    category: 'bottoms',
    fabric: 'Rayon',
    tags: ['daily wear', 'palazzo', 'office'],
    pricePaise: 69_900,
    discountPercent: 30,
    colors: [{ name: 'Black' }, { name: 'Ivory' }, { name: 'Maroon' }],
    sizes: S_XXL,
    art: { shape: 'bottoms', pattern: 'plain' },
    description: 'Wide, fluid palazzos with an elasticated waist and deep pockets, the easiest partner for any kurti. Machine wash cold.',
  },
  {
    name: 'Cotton Cigarette Trousers',
    category: 'bottoms',
    fabric: 'Cotton lycra',
    tags: ['office', 'trousers'],
    pricePaise: 89_900,
    discountPercent: 20,
    colors: [{ name: 'Navy' }, { name: 'Beige' }],
    sizes: S_XXL,
    sizeExtras: PLUS_100_200,
    art: { shape: 'bottoms', pattern: 'stripes' },
    description: 'Slim, ankle-length cigarette trousers with a little stretch for all-day comfort. Machine wash cold, inside out.',
  },
  {
    name: 'Printed Dhoti Pants',
    category: 'bottoms',
    fabric: 'Cotton',
    tags: ['fusion', 'festive', 'printed'],
    pricePaise: 59_900,
    discountPercent: 35,
    colors: [{ name: 'Mustard' }, { name: 'Teal' }],
    sizes: S_XL,
    art: { shape: 'bottoms', pattern: 'buti' },
    description: 'Draped-look dhoti pants in printed cotton, great under short kurtis. Machine wash cold.',
  },
  {
    name: 'Wide Leg Linen Trousers',
    category: 'bottoms',
    fabric: 'Linen',
    tags: ['office', 'linen'],
    pricePaise: 149_900,
    discountPercent: 15,
    colors: [{ name: 'Olive' }, { name: 'Beige' }],
    sizes: S_XXL,
    art: { shape: 'bottoms', pattern: 'checks' },
    description: 'High-rise wide-leg trousers in pure linen with front pleats. Machine wash gentle, steam iron.',
  },
  {
    name: 'Cotton Churidar Leggings',
    category: 'bottoms',
    fabric: 'Cotton lycra',
    tags: ['daily wear', 'leggings'],
    pricePaise: 29_900,
    discountPercent: 0,
    colors: [{ name: 'Black' }, { name: 'White' }, { name: 'Maroon' }],
    sizes: S_XXL,
    art: { shape: 'bottoms', pattern: 'plain' },
    description: 'Ankle-length churidar leggings in four-way stretch cotton that keep their shape. Machine wash cold.',
  },
  {
    name: 'Sharara Pants with Gota Border',
    category: 'bottoms',
    fabric: 'Georgette',
    tags: ['festive', 'sharara', 'gota patti'],
    pricePaise: 119_900,
    discountPercent: 25,
    colors: [{ name: 'Rani Pink' }, { name: 'Gold' }],
    sizes: S_XL,
    art: { shape: 'bottoms', pattern: 'stripes', zari: true },
    description: 'Flared georgette sharara with a gota border at the hem, ready for sangeet with a short kurti. Dry clean only.',
  },
  // ── Co-ord sets ──
  {
    name: 'Linen Co-ord Set',
    category: 'co-ord-sets',
    fabric: 'Linen',
    tags: ['vacation', 'linen', 'office'],
    pricePaise: 249_900,
    discountPercent: 25,
    colors: [{ name: 'Emerald' }, { name: 'Beige' }],
    sizes: S_XXL,
    sizeExtras: PLUS_150_200,
    art: { shape: 'coord', pattern: 'plain' },
    description:
      'A boxy linen shirt with matching wide-leg pants: polished for work, relaxed for travel. The pieces work apart too. Machine wash gentle.',
  },
  {
    name: 'Block Print Kurta Pant Co-ord',
    category: 'co-ord-sets',
    fabric: 'Cotton',
    tags: ['block print', 'office', 'fusion'],
    pricePaise: 179_900,
    discountPercent: 30,
    colors: [{ name: 'Indigo' }, { name: 'Rust' }],
    sizes: S_XL,
    art: { shape: 'coord', pattern: 'buti' },
    description: 'A short kurta and straight pants in matching hand-block print from Jaipur. Machine wash cold, separately.',
  },
  {
    name: 'Ikat Cotton Co-ord Set',
    category: 'co-ord-sets',
    fabric: 'Handloom cotton',
    tags: ['ikat', 'handloom', 'casual'],
    pricePaise: 199_900,
    discountPercent: 20,
    colors: [{ name: 'Black' }, { name: 'Red' }],
    sizes: S_XL,
    art: { shape: 'coord', pattern: 'chevron' },
    description: 'Handloom ikat shirt and palazzo with a soft, lived-in feel. Hand wash cold.',
  },
  {
    name: 'Floral Crop Top and Palazzo Set',
    category: 'co-ord-sets',
    fabric: 'Rayon',
    tags: ['brunch', 'floral', 'summer'],
    pricePaise: 159_900,
    discountPercent: 45,
    colors: [{ name: 'Pink' }, { name: 'Mint' }],
    sizes: S_XL,
    art: { shape: 'coord', pattern: 'floral' },
    description: 'A floral crop top with a matching flared palazzo, easy summer dressing in one. Machine wash cold.',
  },
  {
    name: 'Satin Shirt and Trouser Set',
    category: 'co-ord-sets',
    fabric: 'Satin',
    tags: ['party', 'office'],
    pricePaise: 299_900,
    discountPercent: 10,
    colors: [{ name: 'Wine' }, { name: 'Navy' }],
    sizes: S_XL,
    art: { shape: 'coord', pattern: 'plain' },
    description: 'A fluid satin shirt with straight trousers: evening-ready, and the shirt dresses down with denim. Dry clean recommended.',
  },
  // ── Accessories ──
  {
    name: 'Oxidised Jhumka Earrings',
    category: 'accessories',
    fabric: 'Oxidised silver-tone alloy',
    tags: ['jewellery', 'earrings', 'oxidised'],
    pricePaise: 49_900,
    discountPercent: 20,
    colors: [{ name: 'Maroon' }, { name: 'Teal' }],
    sizes: FREE,
    art: { shape: 'jhumka', pattern: 'plain', metal: 'oxidised' },
    description:
      'Oxidised silver-tone jhumkas with enamel accents and a bead fringe, lovely with cotton sarees and kurtis. Keep away from water and perfume.',
  },
  {
    name: 'Kundan Jhumka Earrings',
    category: 'accessories',
    fabric: 'Gold-plated brass',
    tags: ['jewellery', 'earrings', 'kundan', 'wedding'],
    pricePaise: 129_900,
    discountPercent: 30,
    colors: [{ name: 'Red' }, { name: 'Emerald' }],
    sizes: FREE,
    art: { shape: 'jhumka', pattern: 'plain', metal: 'gold' },
    description:
      'Gold-plated kundan jhumkas with coloured stones and pearl drops, made for wedding festivities. Store in the pouch provided.',
  },
  {
    name: 'Embroidered Potli Bag',
    category: 'accessories',
    fabric: 'Raw silk',
    tags: ['bag', 'potli', 'festive'],
    pricePaise: 89_900,
    discountPercent: 25,
    colors: [{ name: 'Wine' }, { name: 'Mustard' }],
    sizes: FREE,
    art: { shape: 'potli', pattern: 'paisley' },
    description:
      'A raw silk potli with zari embroidery, a drawstring and a beaded handle, just big enough for phone and lipstick. Spot clean only.',
  },
  {
    name: 'Silk Brocade Potli',
    category: 'accessories',
    fabric: 'Brocade',
    tags: ['bag', 'potli', 'wedding'],
    pricePaise: 69_900,
    discountPercent: 15,
    colors: [{ name: 'Rani Pink' }, { name: 'Navy' }],
    sizes: FREE,
    art: { shape: 'potli', pattern: 'buti' },
    description: 'A woven brocade potli with gold tassels, a neat match for sarees and lehengas. Spot clean only.',
  },
  {
    name: 'Glass Bangles Set',
    category: 'accessories',
    fabric: 'Glass',
    tags: ['jewellery', 'bangles', 'festive'],
    pricePaise: 29_900,
    discountPercent: 0,
    colors: [{ name: 'Green' }, { name: 'Red' }, { name: 'Blue' }],
    // Bangle sizes, the inner diameter in inches: chosen on the product page like any size.
    sizes: ['2.4', '2.6', '2.8'],
    art: { shape: 'bangles', pattern: 'plain' },
    description: 'A set of two dozen shimmering glass bangles from Firozabad, in bangle sizes 2.4, 2.6 and 2.8. Handle with care.',
  },
  {
    name: 'Lac Bangles with Stone Work',
    category: 'accessories',
    fabric: 'Lac',
    tags: ['jewellery', 'bangles', 'handmade'],
    pricePaise: 59_900,
    discountPercent: 10,
    colors: [{ name: 'Maroon' }, { name: 'Mustard' }],
    sizes: FREE,
    art: { shape: 'bangles', pattern: 'dots' },
    description: 'Handmade Jaipur lac bangles studded with stones, a set of four. Keep away from heat and water.',
  },
  {
    name: 'Meenakari Jhumkas',
    category: 'accessories',
    fabric: 'Gold-plated brass',
    tags: ['jewellery', 'earrings', 'meenakari'],
    pricePaise: 79_900,
    discountPercent: 35,
    colors: [{ name: 'Rani Pink' }, { name: 'Blue' }],
    sizes: FREE,
    art: { shape: 'jhumka', pattern: 'plain', metal: 'gold' },
    description:
      'Hand-painted meenakari enamel jhumkas from Jaipur with tiny pearl drops. Lightweight enough to wear all day. Wipe with a soft dry cloth.',
  },
];

// ── derived values ────────────────────────────────────────────────────────────────────────────────────

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const colourCode = (name: string) => {
  const words = name.toUpperCase().split(/\s+/);
  return words.length > 1 ? words.map((word) => word.slice(0, 2)).join('') : (words[0] ?? '').slice(0, 3);
};
const sizeCode = (size: string) => (size === 'Free size' ? 'FS' : size.toUpperCase().replace('.', ''));

/** Product code in SKUs: category prefix, first three letters of the name's first word, position in its category. */
export function productCode(product: DemoProduct): string {
  const category = DEMO_CATEGORIES.find((entry) => entry.slug === product.category);
  const index = DEMO_PRODUCTS.filter((entry) => entry.category === product.category).indexOf(product) + 1;
  const word = slugify(product.name).split('-')[0] ?? 'X';
  return `${category?.skuPrefix ?? 'PRD'}-${word.slice(0, 3).toUpperCase()}${index}`;
}

/**
 * Colour × size variants with stock. Quantities come from a hash of the SKU (0–25), with about one in six
 * variants sold out, so the same data always gives the same stock.
 */
export function demoVariants(product: DemoProduct): NewVariant[] {
  const code = productCode(product);
  return product.colors.flatMap((color) =>
    product.sizes.map((size) => {
      const sku = `${code}-${colourCode(color.name)}-${sizeCode(size)}`;
      const hash = hashText(sku);
      const quantity = product.soldOut || hash % 6 === 0 ? 0 : 1 + (hash % 25);
      return {
        variantName: `${color.name} / ${size}`,
        variantColor: color.name,
        variantSize: size,
        variantColorPrice: color.extra ?? 0,
        variantSizePrice: product.sizeExtras?.[size] ?? 0,
        quantity,
        sku,
      };
    }),
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Creation dates spread over the last 90 days, interleaving categories, so 'newest first' shows a mix. */
export function demoCreatedAt(index: number, now: Date): Date {
  const days = (index * 37) % 89;
  const hours = (index * 7) % 24;
  return new Date(now.getTime() - days * DAY_MS - hours * 60 * 60 * 1000);
}
