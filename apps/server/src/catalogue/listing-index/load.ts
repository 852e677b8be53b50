// nextTurn lets timers and I/O callbacks run (answers to other requests) before the caller goes on.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db/database.js';
import { listingFingerprints, listingRows, type ListingRow } from '../queries.js';
import { toIndexedProduct, type IndexedProduct } from './columns.js';
import { ListingSnapshot } from './query.js';
import { Vocabulary } from './vocabulary.js';

// Loading the index and keeping it current: a full load, change notices applied to the next read, and a
// safety round now and then.

/** Products turned into index entries between two turns of the event loop during a full load (~5 ms of work). */
export const LOAD_BATCH = 1_000;

/**
 * A safety round now and then, in the background, in case a change was ever made without a notice; the
 * listings were never staler than this under the old answer cache either.
 */
export const SAFETY_RELOAD_MS = 10 * 60_000;

export class ListingIndex {
  private snapshot: ListingSnapshot | null = null;
  private loadedAt = 0;
  private dirty = new Set<string>();
  private dirtyAll = true;
  private loading: Promise<void> | null = null;
  /** Whether the reload under way applies noticed changes (a reader must wait for it) or is the safety round. */
  private loadingNotices = false;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    private readonly loadBatch = LOAD_BATCH,
  ) {}

  /** A change notice: these products (all, when none is named) must be read again. */
  invalidate(productIds: readonly string[]): void {
    if (productIds.length === 0) this.dirtyAll = true;
    else for (const id of productIds) this.dirty.add(id);
  }

  /** The current snapshot, with every change noticed so far applied. */
  async current(): Promise<ListingSnapshot> {
    if (this.snapshot && !this.loading && this.now() - this.loadedAt > SAFETY_RELOAD_MS) {
      this.start('safety').catch(() => undefined);
    }
    // A notice that arrives while a reload runs is applied by the next round; a few rounds at most, so that a
    // steady stream of stock changes cannot hold a reader forever (it then gets a snapshot a moment old).
    for (let round = 0; round < 3 && this.mustWait(); round++) await this.start('notices');
    if (!this.snapshot) throw new Error('the listing index could not be loaded');
    return this.snapshot;
  }

  /** Resolves once no reload or safety round is under way (tests; a round runs in the background of a read). */
  async idle(): Promise<void> {
    while (this.loading) await this.loading.catch(() => undefined);
  }

  private mustWait(): boolean {
    return !this.snapshot || this.dirtyAll || this.dirty.size > 0 || (this.loading !== null && this.loadingNotices);
  }

  private start(kind: 'notices' | 'safety'): Promise<void> {
    if (!this.loading) {
      this.loadingNotices = kind === 'notices';
      this.loading = (kind === 'safety' ? this.safetyRound() : this.reload()).finally(() => {
        this.loading = null;
      });
    }
    return this.loading;
  }

  /**
   * Every active product's fingerprint in the database against the snapshot's: only the products that differ are
   * read again, as if noticed. Reloading everything would build a second index beside the one answering until it
   * is done (bench:memory, 20,000 products: resident 343 → 417 MB every ten minutes). Everything is reloaded when a
   * quarter of the places are held for products gone, so that they do not pile up.
   */
  private async safetyRound(): Promise<void> {
    const startedAt = this.now();
    const snapshot = this.snapshot!;
    const { holes, places } = snapshot.holes();
    if (holes * 4 > places) this.dirtyAll = true;
    else for (const id of snapshot.differingFrom(await listingFingerprints(this.db))) this.dirty.add(id);
    if (this.dirtyAll || this.dirty.size > 0) await this.reload();
    this.loadedAt = startedAt;
  }

  private async reload(): Promise<void> {
    const all = this.dirtyAll || !this.snapshot;
    const ids = [...this.dirty];
    this.dirtyAll = false;
    this.dirty = new Set();
    const startedAt = this.now();
    try {
      const rows = await listingRows(this.db, all ? undefined : ids);
      if (all) {
        // In batches, the event loop getting a turn between them: a full load of 20,000 products is ~0.5 s of
        // work, which must not hold up every request arriving meanwhile (a notice of 'anything changed' reloads
        // everything under traffic).
        const vocabulary = new Vocabulary();
        const products: IndexedProduct[] = [];
        for (let start = 0; start < rows.length; start += this.loadBatch) {
          await nextTurn();
          for (const row of rows.slice(start, start + this.loadBatch)) products.push(toIndexedProduct(row, vocabulary));
        }
        this.snapshot = await ListingSnapshot.build(products, vocabulary);
        this.loadedAt = startedAt;
      } else if (rows.some((row) => categoryRenamed(row, this.snapshot!.vocabulary))) {
        // Products carry their category as the vocabulary's number, named as first seen: a new name needs a new one.
        this.dirtyAll = true;
        await this.reload();
      } else {
        const snapshot = this.snapshot!;
        const changed = new Map<string, IndexedProduct | null>(ids.map((id) => [id, null]));
        for (const row of rows) changed.set(row.id, toIndexedProduct(row, snapshot.vocabulary));
        this.snapshot = snapshot.withChanges(changed);
      }
    } catch (error) {
      // Try again on the next read; meanwhile the last snapshot (if any) answers.
      if (all) this.dirtyAll = true;
      for (const id of ids) this.dirty.add(id);
      if (!this.snapshot) throw error;
    }
  }
}

/** Whether a row's category or its parent has a name or position other than the one the vocabulary knows. */
function categoryRenamed(row: ListingRow, vocabulary: Vocabulary): boolean {
  return (
    (row.category_slug !== null && vocabulary.categoryChanged(row.category_slug, row.category_name ?? '', Number(row.category_position))) ||
    (row.parent_slug !== null && vocabulary.categoryChanged(row.parent_slug, row.parent_name ?? '', Number(row.parent_position)))
  );
}
