import { describe, expect, it } from 'vitest';
import { apiQuery, pageInfo, withPage } from './list-query';

describe('list query', () => {
  it('passes only the named, non-empty parameters', () => {
    const search = new URLSearchParams('q=kurta&status=&sort=name&page=2&junk=1');
    expect(apiQuery(search, ['q', 'category', 'status', 'sort', 'page'])).toBe('q=kurta&sort=name&page=2');
  });

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
