import { AppError } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { ENHANCED_FIELD } from '../../lib/flash';
import { CATEGORY_CREATED, CATEGORY_DELETED, CATEGORY_UPDATED, categoriesAction } from './category-actions.server';
import { PRODUCT, actor, answer, fakeServices, post } from './catalogue-test-kit';

const CATEGORY = PRODUCT;
const fields = { categoryName: 'Kurtas', style: 'traditional', hsnCode: '6204', description: 'Cotton and silk.', parentId: '' };

describe('the categories page action', () => {
  it('creates a category as the admin and goes back to the list without its dialog', async () => {
    const { post: sent, services } = post('/admin/categories?edit=new', { intent: 'create', _back: '/admin/categories', ...fields });
    expect(answer(await categoriesAction(sent))).toMatchObject({
      status: 302,
      location: '/admin/categories',
      flash: { kind: 'success', message: CATEGORY_CREATED },
    });
    expect(services.adminCategories.create).toHaveBeenCalledWith(actor, {
      categoryName: 'Kurtas',
      style: 'traditional',
      hsnCode: '6204',
      description: 'Cotton and silk.',
      parentId: null,
    });
  });

  it('refuses a wrong HSN code beside its field, with what was typed', async () => {
    const { post: sent, services } = post('/admin/categories?edit=new', { intent: 'create', ...fields, hsnCode: '62' });
    expect(answer(await categoriesAction(sent))).toMatchObject({
      status: 400,
      body: { ok: false, intent: 'create', fields: { hsnCode: 'HSN code must be 4, 6 or 8 digits.' }, values: { hsnCode: '62' } },
    });
    expect(services.adminCategories.create).not.toHaveBeenCalled();
  });

  it('updates a category', async () => {
    const { post: sent, services } = post(`/admin/categories?edit=${CATEGORY}`, { intent: 'update', categoryId: CATEGORY, ...fields });
    expect(answer(await categoriesAction(sent))).toMatchObject({ status: 302, flash: { message: CATEGORY_UPDATED } });
    expect(services.adminCategories.update).toHaveBeenCalledWith(actor, CATEGORY, {
      categoryName: 'Kurtas',
      style: 'traditional',
      hsnCode: '6204',
      description: 'Cotton and silk.',
    });
  });

  it("deletes an empty one; the service's refusal of a full one is the message", async () => {
    const deleted = post('/admin/categories', { intent: 'delete', categoryId: CATEGORY, [ENHANCED_FIELD]: '1' });
    expect(answer(await categoriesAction(deleted.post))).toMatchObject({ body: { ok: true, toast: { message: CATEGORY_DELETED } } });
    expect(deleted.services.adminCategories.remove).toHaveBeenCalledWith(actor, CATEGORY);

    const services = fakeServices();
    services.adminCategories.remove.mockRejectedValueOnce(new AppError('CONFLICT', 'Only an empty category can be deleted.'));
    expect(
      answer(await categoriesAction(post('/admin/categories', { intent: 'delete', categoryId: CATEGORY }, services).post)),
    ).toMatchObject({
      status: 302,
      location: '/admin/categories',
      flash: { kind: 'error', message: 'Only an empty category can be deleted.' },
    });
  });
});
