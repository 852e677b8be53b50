import { describe, expect, it } from 'vitest';
import { adminCall, signedInOwner } from '../test/admins.js';
import { useTestApp } from '../test/app.js';

// PGlite has one connection; only a real server shows two owners naming a category alike at the same moment.
const t = useTestApp();

describe('category names on PostgreSQL', () => {
  it('six creations of one name (in different cases) at once: one category, five 409s, no 500', async () => {
    const { asid } = await signedInOwner(t);
    const names = ['Banarasi', 'banarasi', 'BANARASI', 'Banarasi', 'baNarasi', 'Banarasi'];
    const answers = await Promise.all(
      names.map((categoryName) =>
        adminCall(t.app, 'POST', '/api/admin/category/createCategory', {
          asid,
          body: { categoryName, style: 'traditional', hsnCode: '5007' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409))
      expect(refused.json<{ error: string }>().error).toMatch(/^A category named '[Bb][Aa][Nn][Aa][Rr][Aa][Ss][Ii]' already exists\.$/i);
    const listed = await adminCall(t.app, 'GET', '/api/admin/category/getAllCategories', { asid });
    const all = listed.json<{ data: { categories: Array<{ categoryName: string }> } }>().data.categories;
    expect(all.filter((category) => category.categoryName.toLowerCase() === 'banarasi')).toHaveLength(1);
  });
});
