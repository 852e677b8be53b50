import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { seedTestCatalogue } from '../test/catalogue-fixture.js';

const t = useTestApp();

describe('compression', () => {
  it('compresses larger answers for clients that accept it, and leaves others plain', async () => {
    await seedTestCatalogue(t.services);
    const url = '/api/user/product/filter';
    const compressed = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });
});
