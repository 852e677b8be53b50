import { describe, expect, it } from 'vitest';
import { hrefWith, paiseToUrlRupees, parseListingQuery } from './listing-query';

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

  it('falls back to defaults with the message of the first bad parameter, keeping the search words', () => {
    const { query, error } = parseListingQuery(new URL('http://shop/productSearch?q=saree&limit=1000'));
    expect(error).toBe('limit must be from 1 to 48');
    expect(query.q).toBe('saree');
    expect(query.limit).toBeUndefined();
  });

  // Regression: a NUL byte in a filter reached PostgreSQL and the /filter page answered 500.
  it.each([
    ['category=sarees%00', 'category must not contain control characters'],
    ['color=Red%00', 'color must not contain control characters'],
    ['size=M%1B', 'size must not contain control characters'],
    ['q=saree%00', 'q must not contain control characters'],
  ])('answers %s with a message naming the parameter, and filters that PostgreSQL accepts', (search, message) => {
    const { query, error } = parseListingQuery(new URL(`http://shop/filter?${search}`));
    expect(error).toBe(message);
    expect(query).toMatchObject({ category: [], color: [], size: [] });
    expect(query.q).toBeUndefined();
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
