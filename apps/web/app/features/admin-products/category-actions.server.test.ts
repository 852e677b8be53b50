import { AppError } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { ENHANCED_FIELD } from '../../lib/flash';
import { CATEGORY_CREATED, CATEGORY_DELETED, CATEGORY_UPDATED, categoriesAction } from './category-actions.server';
import { PRODUCT, actor, answer, fakeServices, post } from './catalogue-test-kit';

const CATEGORY = PRODUCT;
const parcel = { packageWeightGrams: '400', packageLengthCm: '32', packageBreadthCm: '26', packageHeightCm: '4' };
const fields = { categoryName: 'Kurtas', style: 'traditional', hsnCode: '6204', description: 'Cotton and silk.', parentId: '', ...parcel };
const parcelSaved = { packageWeightGrams: 400, packageLengthCm: 32, packageBreadthCm: 26, packageHeightCm: 4 };

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
      ...parcelSaved,
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
      ...parcelSaved,
    });
  });

  it('refuses a default parcel that is blank, not a whole number or out of range, naming each field (issue 42)', async () => {
    const { post: sent, services } = post(`/admin/categories?edit=${CATEGORY}`, {
      intent: 'update',
      categoryId: CATEGORY,
      ...fields,
      packageWeightGrams: '0.5',
      packageLengthCm: '',
      packageBreadthCm: '301',
      packageHeightCm: 'five',
    });
    expect(answer(await categoriesAction(sent))).toMatchObject({
      status: 400,
      body: {
        intent: 'update',
        fields: {
          packageWeightGrams: 'Package weight (g) must be a whole number from 1 to 50000.',
          packageLengthCm: 'Package length (cm) must be a whole number from 1 to 300.',
          packageBreadthCm: 'Package breadth (cm) must be a whole number from 1 to 300.',
          packageHeightCm: 'Package height (cm) must be a whole number from 1 to 300.',
        },
        values: { packageWeightGrams: '0.5', packageBreadthCm: '301' },
      },
    });
    expect(services.adminCategories.update).not.toHaveBeenCalled();
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
