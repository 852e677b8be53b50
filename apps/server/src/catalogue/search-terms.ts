/**
 * How shoppers spell Indian clothing varies ('sari', 'saree', 'kurthi', 'lehnga'). Known variants map to the
 * word our catalogue uses; anything else is corrected by trigram similarity against `search_words`.
 */
export const SPELLING_VARIANTS: Readonly<Record<string, string>> = {
  sari: 'saree',
  saris: 'sarees',
  sarie: 'saree',
  kurthi: 'kurti',
  kurthis: 'kurtis',
  kurta: 'kurti',
  kurtas: 'kurtis',
  kurtha: 'kurti',
  lehnga: 'lehenga',
  lehngas: 'lehengas',
  lengha: 'lehenga',
  lehanga: 'lehenga',
  ghagra: 'lehenga',
  chaniya: 'lehenga',
  choli: 'lehenga',
  salwaar: 'salwar',
  shalwar: 'salwar',
  kameez: 'salwar',
  churidar: 'salwar',
  chunni: 'dupatta',
  chunri: 'dupatta',
  odhni: 'dupatta',
  duppata: 'dupatta',
  tshirt: 'top',
  tee: 'top',
  trousers: 'bottoms',
  pants: 'bottoms',
  frock: 'dress',
  gown: 'dress',
};

/** Lower-case words of a query, letters and digits only, at most 8 (longer queries add little). */
export function queryWords(query: string): string[] {
  return [
    ...new Set(
      query
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z0-9\s-]/g, ' ')
        .split(/[\s-]+/)
        .filter((word) => word.length >= 2),
    ),
  ].slice(0, 8);
}

/** Words worth putting in the typo dictionary from a product's name, category, tags, fabric and colours. */
export function dictionaryWords(...texts: string[]): string[] {
  return [...new Set(texts.flatMap((text) => queryWords(text)).filter((word) => word.length >= 3 && !/^\d+$/.test(word)))];
}

/**
 * A to_tsquery expression: every word group must match (AND), any alternative of a group may (OR), each
 * as a prefix so that a half-typed word still finds. Words are [a-z0-9] only, so the text is safe to parse.
 */
export function toTsQuery(groups: string[][], join: '&' | '|' = '&', weights = ''): string {
  return groups
    .filter((group) => group.length > 0)
    .map((group) => `(${group.map((word) => `${word.replace(/[^a-z0-9]/g, '')}:*${weights}`).join(' | ')})`)
    .join(` ${join} `);
}

/** The search vector's weights of a product's name (A) and its category, tags, fabric and colours (B). */
export const STRONG_WEIGHTS = 'AB';
