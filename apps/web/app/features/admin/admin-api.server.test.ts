import type { PageApiAnswer, PageApiCall, PageContext } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { createLoadContext } from '../../context';
import { adminLoad, adminSubmit } from './admin-api.server';

/** A page context whose API answers `answer` and remembers the calls it got. */
function contextAnswering(answer: Partial<PageApiAnswer>) {
  const calls: PageApiCall[] = [];
  const context = createLoadContext({
    callApi: async (call: PageApiCall) => {
      calls.push(call);
      return { status: 200, body: null, setCookie: [], ...answer };
    },
  } as unknown as PageContext);
  return { context, calls };
}

const request = (path: string, cookie = 'asid=abc; sid=xyz') => new Request(`http://localhost${path}`, { headers: { cookie } });

/** What a thrown or returned redirect or `data(...)` carries. */
const statusOf = (value: unknown) => {
  if (value instanceof Response) return { status: value.status, location: value.headers.get('location') };
  const answer = value as { data: unknown; init: ResponseInit | null };
  return { status: answer.init?.status, body: answer.data };
};

describe('admin calls from loaders and actions', () => {
  it("forwards the page request's cookies and answers the envelope's data", async () => {
    const { context, calls } = contextAnswering({ body: { success: true, data: { categories: [] } } });
    await expect(adminLoad(request('/admin/categories'), context, '/api/admin/category/getAllCategories')).resolves.toEqual({
      categories: [],
    });
    expect(calls).toEqual([{ method: 'GET', path: '/api/admin/category/getAllCategories', cookie: 'asid=abc; sid=xyz', body: undefined }]);
  });

  it('sends a page without an admin session to /admin/login, coming back to it afterwards', async () => {
    const { context } = contextAnswering({ status: 401, body: { success: false, error: 'Please log in as an admin.' } });
    const thrown = await adminLoad(request('/admin/users?q=asha'), context, '/api/admin/user/getAllUsers').catch((error: unknown) => error);
    expect(statusOf(thrown)).toEqual({ status: 302, location: '/admin/login?redirectUrl=%2Fadmin%2Fusers%3Fq%3Dasha' });
  });

  it("throws any other refusal as the route's error answer in the API's words (403 owner only, 404)", async () => {
    const { context } = contextAnswering({ status: 403, body: { success: false, error: 'Only the shop owner can do this.' } });
    const thrown = await adminLoad(request('/admin/audit'), context, '/api/admin/audit').catch((error: unknown) => error);
    expect(statusOf(thrown)).toEqual({ status: 403, body: { error: 'Only the shop owner can do this.' } });
  });

  it('answers an action with { ok, data } or the refusal with its status and per-field messages', async () => {
    const done = contextAnswering({ body: { success: true, data: { category: { _id: 'c1' } } } });
    const saved = await adminSubmit(request('/admin/categories'), done.context, 'POST', '/api/admin/category/createCategory', {
      categoryName: 'Sarees',
    });
    expect(statusOf(saved)).toEqual({ status: 200, body: { ok: true, data: { category: { _id: 'c1' } } } });
    expect(done.calls[0]).toMatchObject({ method: 'POST', body: { categoryName: 'Sarees' } });

    const refused = contextAnswering({
      status: 400,
      body: { success: false, error: 'HSN code must be 4, 6 or 8 digits.', fields: { hsnCode: 'HSN code must be 4, 6 or 8 digits.' } },
    });
    const answer = await adminSubmit(request('/admin/categories'), refused.context, 'POST', '/api/admin/category/createCategory', {});
    expect(statusOf(answer)).toEqual({
      status: 400,
      body: { ok: false, error: 'HSN code must be 4, 6 or 8 digits.', fields: { hsnCode: 'HSN code must be 4, 6 or 8 digits.' } },
    });
  });
});
