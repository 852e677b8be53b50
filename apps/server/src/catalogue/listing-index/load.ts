// nextTurn lets timers and I/O callbacks run (answers to other requests) before the caller goes on.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db/database.js';
import { listingRows } from '../queries.js';
import { toIndexedProduct, type IndexedProduct } from './columns.js';
import { ListingSnapshot } from './query.js';
import { Vocabulary } from './vocabulary.js';

// Loading the index and keeping it current: a full load, change notices applied to the next read, and a
// safety reload now and then.

/** Products turned into index entries between two turns of the event loop during a full load (~5 ms of work). */
export const LOAD_BATCH = 1_000;

/**
 * A full reload now and then, in the background, in case a change was ever made without a notice; the
 * listings were never staler than this under the old answer cache either.
 */
export const SAFETY_RELOAD_MS = 10 * 60_000;

export class ListingIndex {
  private snapshot: ListingSnapshot | null = null;
  private loadedAt = 0;
  private dirty = new Set<string>();
  private dirtyAll = true;
  private loading: Promise<void> | null = null;
  /** Whether the reload under way applies noticed changes (a reader must wait for it) or is the safety one. */
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
      this.dirtyAll = true;
      this.start(false).catch(() => undefined);
    }
    // A notice that arrives while a reload runs is applied by the next round; a few rounds at most, so that a
    // steady stream of stock changes cannot hold a reader forever (it then gets a snapshot a moment old).
    for (let round = 0; round < 3 && this.mustWait(); round++) await this.start(true);
    if (!this.snapshot) throw new Error('the listing index could not be loaded');
    return this.snapshot;
  }

  private mustWait(): boolean {
    return !this.snapshot || this.dirtyAll || this.dirty.size > 0 || (this.loading !== null && this.loadingNotices);
  }

  private start(notices: boolean): Promise<void> {
    if (!this.loading) {
      this.loadingNotices = notices;
      this.loading = this.reload().finally(() => {
        this.loading = null;
      });
    }
    return this.loading;
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
        // work, which must not hold up every request arriving meanwhile (the safety reload runs under traffic).
        const vocabulary = new Vocabulary();
        const products: IndexedProduct[] = [];
        for (let start = 0; start < rows.length; start += this.loadBatch) {
          await nextTurn();
          for (const row of rows.slice(start, start + this.loadBatch)) products.push(toIndexedProduct(row, vocabulary));
        }
        this.snapshot = await ListingSnapshot.build(products, vocabulary);
        this.loadedAt = startedAt;
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
