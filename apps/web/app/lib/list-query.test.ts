import { adminOrderQuerySchema, adminProductQuerySchema, auditQuerySchema } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { apiQuery, pageInfo, readListQuery, withPage } from './list-query';

const CATEGORY = '0b6f1b7e-6f1e-4d3a-9a43-1f6a2c5d7e80';

describe('readListQuery', () => {
  it("reads the list's query from the URL with its schema: page, search, filters, sort", () => {
    const url = new URL(`http://shop.test/admin/products?q=+kurta+&category=${CATEGORY}&status=active&sort=price_asc&page=2&junk=1`);
    expect(readListQuery(url, adminProductQuerySchema)).toEqual({
      query: { q: 'kurta', category: CATEGORY, status: 'active', sort: 'price_asc', page: 2 },
      failure: null,
    });
  });

  it('takes a request, and leaves empty fields of the filter form out', () => {
    const request = new Request('http://shop.test/admin/products?q=&status=&sort=name');
    expect(readListQuery(request, adminProductQuerySchema)).toEqual({ query: { sort: 'name' }, failure: null });
  });

  it('drops a refused parameter, keeps the others and says why beside its name', () => {
    const { query, failure } = readListQuery(new URLSearchParams('q=silk&status=sold&page=x'), adminProductQuerySchema);
    expect(query).toEqual({ q: 'silk' });
    expect(failure?.ok).toBe(false);
    expect(failure?.fields).toEqual({ status: 'status must be draft, active or archived', page: 'page must be a whole number from 1' });
  });

  it('drops the parameter a rule across the query names (from after to)', () => {
    const { query, failure } = readListQuery(new URLSearchParams('from=2026-03-10&to=2026-03-01&q=asha'), adminOrderQuerySchema);
    expect(query).toEqual({ to: '2026-03-01', q: 'asha' });
    expect(failure?.fields).toEqual({ from: 'from must not be after to' });
  });

  it('reads the first of a repeated parameter', () => {
    expect(readListQuery(new URLSearchParams('entity=order&entity=bill'), auditQuerySchema).query).toEqual({ entity: 'order' });
  });
});

describe('list paging', () => {
  it('changes the page and leaves the filters', () => {
    const search = new URLSearchParams('q=kurta&page=3');
    expect(withPage(search, 4)).toBe('?q=kurta&page=4');
    expect(withPage(search, 1)).toBe('?q=kurta');
    expect(withPage(new URLSearchParams(), 1)).toBe('');
  });

  it('says which rows show and whether there are more pages', () => {
    expect(pageInfo({ total: 130, page: 2, limit: 50 })).toEqual({ pages: 3, first: 51, last: 100, hasPrevious: true, hasNext: true });
    expect(pageInfo({ total: 0, page: 1, limit: 50 })).toEqual({ pages: 1, first: 0, last: 0, hasPrevious: false, hasNext: false });
  });
});

describe('API list query (a link to the API)', () => {
  it('passes only the named, non-empty parameters', () => {
    const search = new URLSearchParams('q=kurta&status=&sort=name&page=2&junk=1');
    expect(apiQuery(search, ['q', 'category', 'status', 'sort', 'page'])).toBe('q=kurta&sort=name&page=2');
  });
});
