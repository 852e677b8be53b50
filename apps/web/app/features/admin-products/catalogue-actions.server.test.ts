import { AppError, type CsvImportResult } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { ENHANCED_FIELD } from '../../lib/flash';
import { PHOTOS_FORM } from '../../lib/read-form.server';
import {
  IMAGES_UPLOADED,
  IMAGE_REMOVED,
  IMAGE_RESTORED,
  PHOTO_COLOUR_SAVED,
  NO_FILES,
  PRODUCT_ARCHIVED,
  PRODUCT_CREATED,
  PRODUCT_UPDATED,
  VARIANT_ADDED,
  VARIANT_REMOVED,
  VARIANT_UPDATED,
  productViewAction,
  productsListAction,
} from './catalogue-actions.server';
import { PRODUCT, VARIANT, actor, answer, fakeServices, post } from './catalogue-test-kit';
import { REQUIRED_FIELDS_MESSAGE } from './variant-form';

const productFields = {
  productName: 'Chikankari Kurta',
  productDescription: 'Hand embroidered.',
  category: '',
  productPrice: '1299.50',
  productDiscount: '10',
  productStock: '4',
  status: 'active',
};

describe('the products page action', () => {
  it('creates a product as the admin and opens its page with the message', async () => {
    const { post: sent, services } = post('/admin/products?new=1', { intent: 'create', ...productFields });
    const result = answer(await productsListAction(sent));
    expect(services.adminProducts.create).toHaveBeenCalledWith(actor, {
      productName: 'Chikankari Kurta',
      productDescription: 'Hand embroidered.',
      category: null,
      productPrice: 129950,
      productDiscount: 10,
      productStock: 4,
      status: 'active',
      // No HSN code typed: the category's; nor a parcel (issue 42).
      hsnCode: null,
      packageWeightGrams: null,
      packageLengthCm: null,
      packageBreadthCm: null,
      packageHeightCm: null,
    });
    expect(result).toMatchObject({
      status: 302,
      location: `/admin/productView/${PRODUCT}`,
      flash: { kind: 'success', message: PRODUCT_CREATED },
    });
  });

  it('refuses a wrong field with its message and the values typed, creating nothing', async () => {
    const { post: sent, services } = post('/admin/products?new=1', { intent: 'create', ...productFields, productPrice: 'lots' });
    const result = answer(await productsListAction(sent));
    expect(services.adminProducts.create).not.toHaveBeenCalled();
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      ok: false,
      intent: 'create',
      fields: { productPrice: 'Enter the price in rupees, e.g. 1299.00' },
      values: { productPrice: 'lots', productName: 'Chikankari Kurta' },
    });
  });

  it('archives: with scripts the answer carries the toast, without the page comes back with the message', async () => {
    const enhanced = post('/admin/products', { intent: 'archive', productId: PRODUCT, [ENHANCED_FIELD]: '1' });
    expect(answer(await productsListAction(enhanced.post))).toMatchObject({
      status: 200,
      body: { ok: true, toast: { kind: 'success', message: PRODUCT_ARCHIVED } },
    });
    expect(enhanced.services.adminProducts.archive).toHaveBeenCalledWith(actor, PRODUCT);

    const plain = post('/admin/products?page=2', { intent: 'archive', productId: PRODUCT });
    expect(answer(await productsListAction(plain.post))).toMatchObject({
      status: 302,
      location: '/admin/products?page=2',
      flash: { kind: 'success', message: PRODUCT_ARCHIVED },
    });
  });

  it("sends a button's refusal back as an error message without scripts", async () => {
    const services = fakeServices();
    services.adminProducts.archive.mockRejectedValueOnce(new AppError('NOT_FOUND', 'Product not found'));
    const result = answer(await productsListAction(post('/admin/products', { intent: 'archive', productId: PRODUCT }, services).post));
    expect(result).toMatchObject({ status: 302, location: '/admin/products', flash: { kind: 'error', message: 'Product not found' } });
  });

  it('imports the CSV file as the admin and answers the result for the report', async () => {
    const services = fakeServices();
    const result: CsvImportResult = { rows: 1, created: 1, updated: 0, stockConflicts: 0, results: [] };
    services.catalogueCsv.importCsv.mockResolvedValueOnce(result);
    const file = new File(['id,name\n,Kurta\n'], 'catalogue.csv', { type: 'text/csv' });
    const answered = answer(await productsListAction(post('/admin/products', { intent: 'import', file }, services).post));
    expect(services.catalogueCsv.importCsv).toHaveBeenCalledWith(actor, 'id,name\n,Kurta\n');
    expect(answered).toEqual({ status: 200, body: { ok: true, intent: 'import', result } });
  });

  it("answers a refused file's row messages, and no file at all", async () => {
    const services = fakeServices();
    services.catalogueCsv.importCsv.mockRejectedValueOnce(
      new AppError('INVALID_DATA', 'Nothing was imported.', { 'row 3': 'price_rupees: lots' }),
    );
    const file = new File(['x'], 'catalogue.csv');
    expect(answer(await productsListAction(post('/admin/products', { intent: 'import', file }, services).post))).toMatchObject({
      status: 400,
      body: { ok: false, intent: 'import', error: 'Nothing was imported.', fields: { 'row 3': 'price_rupees: lots' } },
    });
    const empty = new File([], '');
    expect(answer(await productsListAction(post('/admin/products', { intent: 'import', file: empty }).post))).toMatchObject({
      status: 400,
      body: { error: NO_FILES },
    });
  });
});

describe('the product view action', () => {
  const page = `/admin/productView/${PRODUCT}`;

  it('saves every field with the stock it was loaded with, and comes back to the page', async () => {
    const { post: sent, services } = post(page, { intent: 'update', ...productFields, previousStock: '6' });
    const result = answer(await productViewAction(sent, PRODUCT));
    expect(services.adminProducts.update).toHaveBeenCalledWith(
      actor,
      PRODUCT,
      expect.objectContaining({ productStock: 4, previousStock: 6 }),
    );
    expect(result).toMatchObject({ status: 302, location: page, flash: { kind: 'success', message: PRODUCT_UPDATED } });
  });

  it("saves the product's own parcel, blanks as the category's, and names a wrong field without saving (issue 42)", async () => {
    const parcel = { packageWeightGrams: '450', packageLengthCm: '', packageBreadthCm: '', packageHeightCm: '6' };
    const { post: sent, services } = post(page, { intent: 'update', ...productFields, ...parcel });
    expect(answer(await productViewAction(sent, PRODUCT))).toMatchObject({ status: 302, location: page });
    expect(services.adminProducts.update).toHaveBeenCalledWith(
      actor,
      PRODUCT,
      expect.objectContaining({ packageWeightGrams: 450, packageLengthCm: null, packageBreadthCm: null, packageHeightCm: 6 }),
    );

    const refused = post(page, { intent: 'update', ...productFields, ...parcel, packageWeightGrams: '60000' });
    expect(answer(await productViewAction(refused.post, PRODUCT))).toMatchObject({
      status: 400,
      body: {
        fields: { packageWeightGrams: 'Package weight (g) must be a whole number from 1 to 50000.' },
        values: { packageWeightGrams: '60000' },
      },
    });
    expect(refused.services.adminProducts.update).not.toHaveBeenCalled();
  });

  it("shows the service's refusal in the form, with what was typed", async () => {
    const services = fakeServices();
    services.adminProducts.update.mockRejectedValueOnce(new AppError('CONFLICT', 'The stock changed meanwhile.'));
    const result = answer(await productViewAction(post(page, { intent: 'update', ...productFields }, services).post, PRODUCT));
    expect(result).toMatchObject({
      status: 409,
      body: { ok: false, intent: 'update', error: 'The stock changed meanwhile.', values: productFields },
    });
  });

  it("adds a variant and closes its dialog (the form's _back), or says what is missing", async () => {
    const fields = {
      intent: 'addVariant',
      _back: page,
      variantColor: 'Other',
      customColor: '',
      variantColorPrice: '0',
      variantSize: 'M',
      variantSizePrice: '50',
      quantity: '5',
    };
    const refused = post(`${page}?addVariant=1`, fields);
    expect(answer(await productViewAction(refused.post, PRODUCT))).toMatchObject({
      status: 400,
      body: { intent: 'addVariant', error: REQUIRED_FIELDS_MESSAGE, fields: { customColor: 'Type the colour.' } },
    });
    expect(refused.services.adminProducts.addVariant).not.toHaveBeenCalled();

    const added = post(`${page}?addVariant=1`, { ...fields, customColor: 'Peacock Green' });
    expect(answer(await productViewAction(added.post, PRODUCT))).toMatchObject({
      status: 302,
      location: page,
      flash: { message: VARIANT_ADDED },
    });
    expect(added.services.adminProducts.addVariant).toHaveBeenCalledWith(
      actor,
      expect.objectContaining({ product: PRODUCT, variantColor: 'Peacock Green', variantSize: 'M', variantSizePrice: 5000, quantity: 5 }),
    );
  });

  it("edits a variant's stock as a change from what the form was loaded with", async () => {
    const fields = {
      intent: 'updateVariant',
      variantId: VARIANT,
      quantity: '7',
      previousQuantity: '5',
      colorPrice: '0',
      sizePrice: '50.00',
    };
    const { post: sent, services } = post(page, fields);
    expect(answer(await productViewAction(sent, PRODUCT))).toMatchObject({ status: 302, flash: { message: VARIANT_UPDATED } });
    expect(services.adminProducts.updateVariant).toHaveBeenCalledWith(actor, {
      productId: PRODUCT,
      variantId: VARIANT,
      quantity: 7,
      previousQuantity: 5,
      variantColorPrice: 0,
      variantSizePrice: 5000,
    });
    const refused = answer(await productViewAction(post(page, { ...fields, quantity: 'seven' }).post, PRODUCT));
    expect(refused).toMatchObject({ status: 400, body: { intent: 'updateVariant', variantId: VARIANT, values: { quantity: 'seven' } } });
  });

  it('removes a variant', async () => {
    const { post: sent, services } = post(page, { intent: 'removeVariant', variantId: VARIANT, [ENHANCED_FIELD]: '1' });
    expect(answer(await productViewAction(sent, PRODUCT))).toMatchObject({ body: { ok: true, toast: { message: VARIANT_REMOVED } } });
    expect(services.adminProducts.removeVariant).toHaveBeenCalledWith(actor, { productId: PRODUCT, variantId: VARIANT });
  });

  it('deletes a photo and restores it (issue 26), with scripts and without', async () => {
    const deleted = post(page, { intent: 'deletePhoto', public_id: `${PRODUCT}/abc`, [ENHANCED_FIELD]: '1' });
    expect(answer(await productViewAction(deleted.post, PRODUCT))).toMatchObject({ body: { ok: true, toast: { message: IMAGE_REMOVED } } });
    expect(deleted.services.adminProducts.deletePhoto).toHaveBeenCalledWith(actor, { productId: PRODUCT, public_id: `${PRODUCT}/abc` });
    const restored = post(page, { intent: 'restorePhoto', public_id: `${PRODUCT}/abc` });
    expect(answer(await productViewAction(restored.post, PRODUCT))).toMatchObject({ status: 302, flash: { message: IMAGE_RESTORED } });
    expect(restored.services.adminProducts.restorePhoto).toHaveBeenCalledWith(actor, { productId: PRODUCT, public_id: `${PRODUCT}/abc` });
    const services = fakeServices();
    services.adminProducts.restorePhoto.mockRejectedValueOnce(new AppError('NOT_FOUND', 'This photo can no longer be restored.'));
    const late = post(page, { intent: 'restorePhoto', public_id: `${PRODUCT}/abc` }, services);
    expect(answer(await productViewAction(late.post, PRODUCT))).toMatchObject({
      status: 302,
      flash: { kind: 'error', message: 'This photo can no longer be restored.' },
    });
  });

  it("hands the uploaded photos' bytes to the services, within the API's limits", async () => {
    const photo = new File([new Uint8Array([1, 2, 3])], 'front.png', { type: 'image/png' });
    const { post: sent, services } = post(`${page}?upload=1`, { intent: 'uploadPhotos', _back: page, productImages: [photo, photo] });
    expect(answer(await productViewAction(sent, PRODUCT))).toMatchObject({
      status: 302,
      location: page,
      flash: { message: IMAGES_UPLOADED },
    });
    expect(services.adminProducts.addPhotos).toHaveBeenCalledWith(
      actor,
      PRODUCT,
      [new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3])],
      null,
    );

    const none = answer(await productViewAction(post(page, { intent: 'uploadPhotos', productImages: new File([], '') }).post, PRODUCT));
    expect(none).toMatchObject({ status: 400, body: { error: NO_FILES, fields: { productImages: NO_FILES } } });
    const eleven = answer(
      await productViewAction(post(page, { intent: 'uploadPhotos', productImages: Array(11).fill(photo) }).post, PRODUCT),
    );
    expect(eleven).toMatchObject({ status: 400, body: { error: 'At most 10 images can be uploaded at once.' } });
  });

  it("uploads photos of one colour, and changes a photo's colour (issue 28), with scripts and without", async () => {
    const photo = new File([new Uint8Array([1, 2, 3])], 'red.png', { type: 'image/png' });
    const uploaded = post(page, { intent: 'uploadPhotos', _back: page, productImages: photo, variantColor: 'Red' });
    await productViewAction(uploaded.post, PRODUCT);
    expect(uploaded.services.adminProducts.addPhotos).toHaveBeenCalledWith(actor, PRODUCT, [new Uint8Array([1, 2, 3])], 'Red');

    const image = '8d7f0a7e-1c52-4c8e-9f2b-3b1d7c0e5a11';
    const coloured = post(page, { intent: 'photoColor', imageId: image, variantColor: 'Red', [ENHANCED_FIELD]: '1' });
    expect(answer(await productViewAction(coloured.post, PRODUCT))).toMatchObject({
      body: { ok: true, toast: { message: PHOTO_COLOUR_SAVED } },
    });
    expect(coloured.services.adminProducts.setPhotoColor).toHaveBeenCalledWith(actor, {
      productId: PRODUCT,
      imageId: image,
      variantColor: 'Red',
    });
    const every = post(page, { intent: 'photoColor', imageId: image, variantColor: '' });
    expect(answer(await productViewAction(every.post, PRODUCT))).toMatchObject({ status: 302, flash: { message: PHOTO_COLOUR_SAVED } });
    expect(every.services.adminProducts.setPhotoColor).toHaveBeenCalledWith(actor, {
      productId: PRODUCT,
      imageId: image,
      variantColor: null,
    });
  });

  it('moves a photo by putting every photo in the new order', async () => {
    const services = fakeServices();
    services.adminProducts.detail.mockResolvedValueOnce({
      productImages: [{ public_id: 'a' }, { public_id: 'b' }, { public_id: 'c' }],
    });
    await productViewAction(post(page, { intent: 'movePhoto', public_id: 'c', to: '0' }, services).post, PRODUCT);
    expect(services.adminProducts.reorderPhotos).toHaveBeenCalledWith(actor, PRODUCT, ['c', 'a', 'b']);
  });
});

describe('reading a catalogue post', () => {
  it('refuses an upload larger than the photo limits before reading it', async () => {
    const { withCataloguePost } = await import('./catalogue-actions.server');
    const request = new Request('http://shop.test/admin/products', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(PHOTOS_FORM.bytes + 1) },
      body: '',
    });
    const handle = vi.fn();
    const result = answer(await withCataloguePost(request, {} as never, handle));
    expect(handle).not.toHaveBeenCalled();
    expect(result).toMatchObject({ status: 413, body: { ok: false, error: PHOTOS_FORM.tooLarge } });
  });
});
