// Body measurements per size for the product page's size chart, in inches (the shop's own grading, as Indian
// labels print it); centimetres are derived. Keyed by the kind of garment, which a category slug names.

export interface SizeRow {
  size: string;
  bust?: number;
  waist?: number;
  hip?: number;
  length?: number;
}

export interface SizeChart {
  title: string;
  /** What 'length' measures for this kind of garment. */
  lengthNote: string;
  rows: readonly SizeRow[];
}

const UPPER = (length: readonly number[], note: string, title: string): SizeChart => ({
  title,
  lengthNote: note,
  rows: [
    { size: 'XS', bust: 32, waist: 26, hip: 35, length: length[0] },
    { size: 'S', bust: 34, waist: 28, hip: 37, length: length[1] },
    { size: 'M', bust: 36, waist: 30, hip: 39, length: length[2] },
    { size: 'L', bust: 38, waist: 32, hip: 41, length: length[3] },
    { size: 'XL', bust: 40, waist: 34, hip: 43, length: length[4] },
    { size: 'XXL', bust: 42, waist: 36, hip: 45, length: length[5] },
  ],
});

const BOTTOMS: SizeChart = {
  title: 'Bottoms',
  lengthNote: 'Outseam, waist to hem',
  rows: [
    { size: 'XS', waist: 26, hip: 35, length: 38 },
    { size: 'S', waist: 28, hip: 37, length: 38.5 },
    { size: 'M', waist: 30, hip: 39, length: 39 },
    { size: 'L', waist: 32, hip: 41, length: 39.5 },
    { size: 'XL', waist: 34, hip: 43, length: 40 },
    { size: 'XXL', waist: 36, hip: 45, length: 40.5 },
  ],
};

/** Charts by category slug; sarees, dupattas and accessories are free size and have none. */
const CHARTS: Record<string, SizeChart> = {
  kurtis: UPPER([44, 44.5, 45, 45.5, 46, 46.5], 'Shoulder to hem', 'Kurtis'),
  'salwar-suits': UPPER([44, 44.5, 45, 45.5, 46, 46.5], 'Kurta, shoulder to hem', 'Salwar suits'),
  dresses: UPPER([48, 48.5, 49, 49.5, 50, 50.5], 'Shoulder to hem', 'Dresses'),
  tops: UPPER([24, 24.5, 25, 25.5, 26, 26.5], 'Shoulder to hem', 'Tops'),
  'co-ord-sets': UPPER([25, 25.5, 26, 26.5, 27, 27.5], 'Top, shoulder to hem', 'Co-ord sets'),
  lehengas: UPPER([40, 40.5, 41, 41.5, 42, 42.5], 'Skirt, waist to hem', 'Lehengas'),
  bottoms: BOTTOMS,
};

/** The chart for a category (by its slug, or its parent's), or null for free-size categories. */
export function sizeChartFor(...slugs: ReadonlyArray<string | null | undefined>): SizeChart | null {
  for (const slug of slugs) if (slug && CHARTS[slug]) return CHARTS[slug];
  return null;
}

/** Inches to centimetres, to the half centimetre. */
export const inchesToCm = (inches: number) => Math.round(inches * 2.54 * 2) / 2;
