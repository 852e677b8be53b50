import { describe, expect, it } from 'vitest';
import { adminForm, formIntentOf } from './admin-form.server';
import { settled } from './admin-test-kit';

const posted = (body: string, length?: number) =>
  new Request('http://localhost/admin/orders/x', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(length === undefined ? {} : { 'content-length': String(length) }) },
    body,
  });

describe("a back-office page's form", () => {
  it("is read within the size of a form of fields; a post without its length is the page's 400, one over it its 413", async () => {
    const form = await adminForm(posted('intent=pack', 11));
    expect(formIntentOf(form, ['pack', 'ship'])).toBe('pack');
    expect(formIntentOf(form, ['ship'])).toBeNull();
    expect(await settled(() => adminForm(posted('intent=pack')))).toEqual({
      status: 400,
      body: { error: 'The form was sent without its length.' },
    });
    expect(await settled(() => adminForm(posted('intent=pack', 2 * 1024 * 1024)))).toEqual({
      status: 413,
      body: { error: 'The form is too large: at most 1 MB.' },
    });
  });
});
