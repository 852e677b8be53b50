import v8 from 'node:v8';

const MB = 1024 * 1024;
/** Past this share of V8's limit with the catalogue loaded and no traffic yet, traffic will not fit beside it. */
const TIGHT_SHARE = 0.6;

/**
 * The warning to log once the catalogue's listing index is in memory, when the heap already uses more than 60 % of
 * what V8 may use (`--max-old-space-size`, set small on purpose, ADR 029); null when there is room.
 */
export function heapRoomWarning(used: number, limit: number): string | null {
  if (used <= TIGHT_SHARE * limit) return null;
  return (
    `the heap holds ${Math.round(used / MB)} MB of the ${Math.round(limit / MB)} MB V8 may use with the catalogue loaded: ` +
    'raise --max-old-space-size (docs/deploy.md) before traffic fills the rest'
  );
}

/** heapRoomWarning for this process now. */
export function heapRoomWarningNow(): string | null {
  const { used_heap_size: used, heap_size_limit: limit } = v8.getHeapStatistics();
  return heapRoomWarning(used, limit);
}
