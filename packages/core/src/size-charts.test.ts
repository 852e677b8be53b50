import { describe, expect, it } from 'vitest';
import { inchesToCm, sizeChartFor } from './size-charts.js';

describe('size charts', () => {
  it('has a chart for stitched garments and none for free-size ones', () => {
    expect(sizeChartFor('kurtis')?.rows.map((row) => row.size)).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
    expect(sizeChartFor('bottoms')?.rows[0]).toEqual({ size: 'XS', waist: 26, hip: 35, length: 38 });
    for (const free of ['sarees', 'dupattas', 'accessories', 'unknown']) expect(sizeChartFor(free)).toBeNull();
  });

  it('falls back to the parent category', () => {
    expect(sizeChartFor('anarkali-kurtis', 'kurtis')?.title).toBe('Kurtis');
  });

  it('grows every measurement with the size', () => {
    for (const slug of ['kurtis', 'dresses', 'tops', 'lehengas', 'bottoms', 'salwar-suits', 'co-ord-sets']) {
      const rows = sizeChartFor(slug)!.rows;
      for (const key of ['bust', 'waist', 'hip', 'length'] as const) {
        const values = rows.map((row) => row[key]).filter((value) => value !== undefined);
        expect(values).toEqual([...values].sort((a, b) => a - b));
      }
    }
  });

  it('converts inches to centimetres to the half centimetre', () => {
    expect(inchesToCm(36)).toBe(91.5);
    expect(inchesToCm(30)).toBe(76);
    expect(inchesToCm(44.5)).toBe(113);
  });
});
