import { describe, expect, it } from 'vitest';
import { heapRoomWarning } from './heap-room.js';

const MB = 1024 * 1024;

describe('the heap room check after the catalogue loads', () => {
  it('says nothing with room to spare (the demo: ~65 MB of 256)', () => {
    expect(heapRoomWarning(65 * MB, 256 * MB)).toBeNull();
  });

  it('warns past 60 % of the limit (20,000 products: ~180 MB of 256), naming the setting', () => {
    expect(heapRoomWarning(180 * MB, 256 * MB)).toBe(
      'the heap holds 180 MB of the 256 MB V8 may use with the catalogue loaded: raise --max-old-space-size (docs/deploy.md) before traffic fills the rest',
    );
  });
});
