// The storefront's listing and facet counts, answered from memory. At catalogue sizes a boutique has (tens
// of thousands of active products), one pass over typed columns counts every facet in about a millisecond,
// where PostgreSQL needs five statements and 100–200 ms (ADR 014). The index holds active products only and
// is kept current by the catalogue's change notices: a notice marks products dirty, and the next read
// reloads them first, so a change is visible to the very next listing on every instance.
//
// vocabulary.ts numbers the values filters compare; columns.ts lays products out in typed arrays; ranking.ts
// keeps the sort orders and matches and ranks searches; query.ts answers a listing with its facets from one
// snapshot; load.ts loads the snapshot and keeps it current.

export { toIndexedProduct, type IndexedProduct } from './columns.js';
export { LOAD_BATCH, ListingIndex, SAFETY_RELOAD_MS } from './load.js';
export { ListingSnapshot, type ListingAnswer } from './query.js';
export type { SearchMatches } from './ranking.js';
export { Vocabulary } from './vocabulary.js';
