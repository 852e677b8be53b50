import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, readCsvCell } from './csv.js';

describe('csvCell (issue 38: the product CSV did not escape formula cells, the bills CSV did)', () => {
  it.each(['=HYPERLINK("http://evil.example","x")', '+91 98765 43210', '-2+3', '@SUM(A1:A2)', '\t=1', '\r=1'])(
    'keeps %j as text with a leading apostrophe',
    (value) => {
      expect(csvCell(value)).toBe(`'${value}`);
    },
  );

  it('leaves every other cell as it is', () => {
    for (const value of ['Silk saree', '1499.00', '', 'INV/26-27/00001', "O'Brien", 'a=b', 'Kurti - blue']) {
      expect(csvCell(value)).toBe(value);
    }
  });

  it('gives back exactly what it was given, apostrophes included', () => {
    for (const value of ['=1+1', "'=1+1", "''@x", "'plain", 'plain', '-', "'"]) {
      expect(readCsvCell(csvCell(value))).toBe(value);
    }
    expect(csvCell("'=1+1")).toBe("''=1+1");
  });

  it('escapes the text cells of a row and leaves its numbers', () => {
    expect(csvRow(['=cmd', 5, '-', 'ok'])).toEqual(["'=cmd", 5, "'-", 'ok']);
  });
});
