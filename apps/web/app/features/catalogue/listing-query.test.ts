import { describe, expect, it } from 'vitest';
import { filledParams, hrefWith, paiseToUrlRupees, parseListingQuery } from './listing-query';

describe('parseListingQuery', () => {
  it('reads repeated list parameters and single values', () => {
    const { query, error } = parseListingQuery(new URL('http://shop/filter?size=M&size=L&color=Red&minPrice=500&sort=newest&page=2'));
    expect(error).toBeNull();
    expect(query).toMatchObject({ size: ['M', 'L'], color: ['Red'], category: [], minPrice: 50_000, sort: 'newest', page: 2 });
  });

  it('ignores empty values from a submitted form', () => {
    const { query } = parseListingQuery(new URL('http://shop/filter?minPrice=&maxPrice=&minDiscount='));
    expect(query.minPrice).toBeUndefined();
  });

  it('turns rupees in the URL into paise for the API, and speaks rupees to the shopper when a price is bad', () => {
    expect(parseListingQuery(new URL('http://shop/filter?minPrice=999.5&maxPrice=1999')).query).toMatchObject({
      minPrice: 99_950,
      maxPrice: 1_99_999,
    });
    expect(parseListingQuery(new URL('http://shop/filter?maxPrice=1999.50')).query.maxPrice).toBe(1_99_950);
    const { query, error } = parseListingQuery(new URL('http://shop/filter?q=silk&minPrice=cheap'));
    expect(error).toBe('Enter a price like 999');
    expect(query.q).toBe('silk');
    expect(query.minPrice).toBeUndefined();
  });

  // Its own reader took 7 digits and no grouping, where the back-office's took ₹ and commas.
  it('reads a price as every rupee field does (₹ and digit grouping), the whole-rupee maximum keeping its paise', () => {
    expect(parseListingQuery(new URL('http://shop/filter?minPrice=%E2%82%B91%2C000&maxPrice=1%2C999')).query).toMatchObject({
      minPrice: 1_00_000,
      maxPrice: 1_99_999,
    });
    expect(parseListingQuery(new URL('http://shop/filter?minPrice=12%2C5')).error).toBe('Enter a price like 999');
  });

  it('falls back to defaults with a message for the shopper (no parameter names), keeping the search words', () => {
    const { query, error } = parseListingQuery(new URL('http://shop/productSearch?q=saree&limit=1000'));
    expect(error).toBe('Some filters in this address were not understood, so all products are shown.');
    expect(parseListingQuery(new URL('http://shop/filter?minPrice=2000&maxPrice=999')).error).toBe(
      'Enter a lowest price below the highest, like 999 to 1999',
    );
    expect(query.q).toBe('saree');
    expect(query.limit).toBeUndefined();
  });

  // Regression: a NUL byte in a filter reached PostgreSQL and the /filter page answered 500.
  it.each([['category=sarees%00'], ['color=Red%00'], ['size=M%1B'], ['q=saree%00']])(
    'answers %s with a message for the shopper, and filters that PostgreSQL accepts',
    (search) => {
      const { query, error } = parseListingQuery(new URL(`http://shop/filter?${search}`));
      expect(error).toBe('Some filters in this address were not understood, so all products are shown.');
      expect(query).toMatchObject({ category: [], color: [], size: [] });
      expect(query.q).toBeUndefined();
    },
  );
});

describe('filledParams', () => {
  it('drops empty and blank values, keeping repeated ones', () => {
    const data = new FormData();
    for (const [key, value] of [
      ['size', 'M'],
      ['size', 'L'],
      ['minPrice', ''],
      ['maxPrice', ' '],
      ['q', ' silk '],
    ])
      data.append(key!, value!);
    expect(filledParams(data).toString()).toBe('size=M&size=L&q=silk');
  });
});

describe('hrefWith', () => {
  it('changes parameters and resets the page', () => {
    const params = new URLSearchParams('size=M&page=3&sort=newest');
    expect(hrefWith('/filter', params, { size: ['M', 'L'] })).toBe('/filter?sort=newest&size=M&size=L');
    expect(hrefWith('/filter', params, { sort: null })).toBe('/filter?size=M');
    expect(hrefWith('/filter', params, { page: '4' })).toBe('/filter?size=M&sort=newest&page=4');
  });
});

describe('paiseToUrlRupees', () => {
  it('writes whole rupees without decimals, the inverse of the URL reading', () => {
    expect(paiseToUrlRupees(99_900, 'min')).toBe('999');
    expect(paiseToUrlRupees(99_950, 'min')).toBe('999.50');
    expect(paiseToUrlRupees(1_99_999, 'max')).toBe('1999');
    expect(paiseToUrlRupees(1_99_950, 'max')).toBe('1999.50');
  });
});
