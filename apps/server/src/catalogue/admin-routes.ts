import {
  AppError,
  MAX_PHOTOS_PER_UPLOAD,
  addVariantSchema,
  adminCategorySchema,
  adminProductPageSchema,
  adminProductQuerySchema,
  adminProductSchema,
  coverPhotoSchema,
  createCategorySchema,
  createProductSchema,
  csvImportResultSchema,
  deletePhotoSchema,
  restorePhotoSchema,
  removeVariantSchema,
  reorderPhotosSchema,
  setPhotoColorSchema,
  updateCategorySchema,
  updateProductSchema,
  updateVariantSchema,
} from '@shop/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.js';
import { adminOf } from '../auth/plugin.js';
import { emptyAnswer, ok, okEnvelope } from '../http/envelope.js';
import { PHOTO_TOO_LARGE_MESSAGE } from '../media/store.js';
import type { AdminCategoriesService } from './admin-categories.js';
import type { AdminProductsService } from './admin-products.js';
import type { CatalogueCsv } from './csv.js';

const productParams = z.object({ productId: z.uuid('productId must be a product id') });
const categoryParams = z.object({ categoryId: z.uuid('categoryId must be a category id') });
const productAnswer = { 200: okEnvelope(z.object({ product: adminProductSchema })) };
const categoryAnswer = { 200: okEnvelope(z.object({ category: adminCategorySchema })) };

/**
 * The files of one multipart field, read into memory within the upload limits (registered with @fastify/multipart),
 * and the form's text fields.
 */
async function partsOf(request: FastifyRequest, field: string): Promise<{ files: Buffer[]; texts: Map<string, string> }> {
  if (!request.isMultipart()) {
    throw new AppError('INVALID_DATA', `Send the files as multipart/form-data in the field ${field}.`);
  }
  const files: Buffer[] = [];
  const texts = new Map<string, string>();
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') texts.set(part.fieldname, part.value);
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname === field) files.push(bytes);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new AppError('INVALID_DATA', `At most ${MAX_PHOTOS_PER_UPLOAD} images can be uploaded at once.`);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('INVALID_DATA', PHOTO_TOO_LARGE_MESSAGE);
    throw error;
  }
  if (files.length === 0) throw new AppError('INVALID_DATA', 'No files selected.', { [field]: 'No files selected.' });
  return { files, texts };
}

const filesOf = async (request: FastifyRequest, field: string) => (await partsOf(request, field)).files;

/** Spec §7 admin product calls and the catalogue management of issue 10; registered in the admin scope. */
export const adminCatalogueRoutes =
  (deps: { products: AdminProductsService; categories: AdminCategoriesService; csv: CatalogueCsv }): FastifyPluginAsyncZod =>
  async (app) => {
    const { products, categories, csv } = deps;
    const actor = async (request: FastifyRequest) => actorOf((await adminOf(request)).admin);
    const productOf = async (productId: string) => ok({ product: await products.detail(productId) });

    app.get(
      '/api/admin/product/getAllProducts',
      {
        schema: {
          summary: 'Every product of any status: search, category, status, sort; 50 a page',
          querystring: adminProductQuerySchema,
          response: { 200: okEnvelope(adminProductPageSchema) },
        },
      },
      async (request) => ok(await products.list(request.query)),
    );

    app.post(
      '/api/admin/product/createProduct',
      {
        schema: {
          summary: 'New product (a draft unless a status is given); amounts in paise',
          body: createProductSchema,
          response: productAnswer,
        },
      },
      async (request) => productOf(await products.create(await actor(request), request.body)),
    );

    app.get(
      '/api/admin/product/getProductDetails/:productId',
      {
        schema: {
          summary: 'One product with productImages [{secure_url, public_id}] and variants',
          params: productParams,
          response: productAnswer,
        },
      },
      async (request) => productOf(request.params.productId),
    );

    app.put(
      '/api/admin/product/updateProduct/:productId',
      {
        schema: {
          summary: 'Save every field of a product; with previousStock the stock edit applies as a change',
          params: productParams,
          body: updateProductSchema,
          response: productAnswer,
        },
      },
      async (request) => {
        await products.update(await actor(request), request.params.productId, request.body);
        return productOf(request.params.productId);
      },
    );

    app.post(
      '/api/admin/product/archiveProduct/:productId',
      { schema: { summary: 'Take a product off the storefront, keeping it', params: productParams, response: productAnswer } },
      async (request) => {
        await products.archive(await actor(request), request.params.productId);
        return productOf(request.params.productId);
      },
    );

    app.post(
      '/api/admin/product/importProducts',
      {
        schema: {
          summary:
            'Import a catalogue CSV (multipart field file): every row checked, any error writes nothing; stock changes only where ' +
            'the file changed it from exported_stock and the stock has not moved since; answers per row what changed or was refused',
          consumes: ['multipart/form-data'],
          response: { 200: okEnvelope(csvImportResultSchema) },
        },
      },
      async (request) => {
        const [file] = await filesOf(request, 'file');
        return ok(await csv.importCsv(await actor(request), file!.toString('utf8')));
      },
    );

    app.post(
      '/api/admin/product/addProductPhotos/:productId',
      {
        schema: {
          summary:
            'Upload photos (multipart, repeated field productImages): JPEG, PNG, WebP or AVIF by content, ≤ 10 MB each, ≤ 10; ' +
            'optional field variantColor: one of the product’s live variant colours, the photos then show that colour',
          consumes: ['multipart/form-data'],
          params: productParams,
          response: productAnswer,
        },
      },
      async (request) => {
        const { files, texts } = await partsOf(request, 'productImages');
        await products.addPhotos(await actor(request), request.params.productId, files, texts.get('variantColor') ?? null);
        return productOf(request.params.productId);
      },
    );

    app.delete(
      '/api/admin/product/deleteProductPhotos',
      {
        schema: {
          summary: 'Take a photo off the product; it can be restored for PHOTO_UNDO_HOURS (24), then its files are removed',
          body: deletePhotoSchema,
          response: productAnswer,
        },
      },
      async (request) => {
        await products.deletePhoto(await actor(request), request.body);
        return productOf(request.body.productId);
      },
    );

    app.post(
      '/api/admin/product/restoreProductPhoto',
      {
        schema: {
          summary: 'Undo the delete of a photo (within PHOTO_UNDO_HOURS): the same photo, back at its place',
          body: restorePhotoSchema,
          response: productAnswer,
        },
      },
      async (request) => {
        await products.restorePhoto(await actor(request), request.body);
        return productOf(request.body.productId);
      },
    );

    app.post(
      '/api/admin/product/setPhotoColor',
      {
        schema: {
          summary: 'Choose the colour a photo shows (one of the product’s live variant colours), or null for every colour',
          body: setPhotoColorSchema,
          response: productAnswer,
        },
      },
      async (request) => {
        await products.setPhotoColor(await actor(request), request.body);
        return productOf(request.body.productId);
      },
    );

    app.put(
      '/api/admin/product/reorderProductPhotos/:productId',
      {
        schema: {
          summary: 'Put the photos in this order (public_ids); the first is the cover',
          params: productParams,
          body: reorderPhotosSchema,
          response: productAnswer,
        },
      },
      async (request) => {
        await products.reorderPhotos(await actor(request), request.params.productId, request.body.order);
        return productOf(request.params.productId);
      },
    );

    app.put(
      '/api/admin/product/setCoverPhoto/:productId',
      { schema: { summary: 'Make a photo the cover (first)', params: productParams, body: coverPhotoSchema, response: productAnswer } },
      async (request) => {
        await products.setCover(await actor(request), request.params.productId, request.body.public_id);
        return productOf(request.params.productId);
      },
    );

    app.post(
      '/api/admin/product/addVariant',
      {
        schema: {
          summary: 'Add a variant (spec payload; prices in paise; admin is the session’s, the body’s is ignored)',
          body: addVariantSchema,
          response: { 200: okEnvelope(z.object({ product: adminProductSchema, variantId: z.string() })) },
        },
      },
      async (request) => {
        const variantId = await products.addVariant(await actor(request), request.body);
        return ok({ product: await products.detail(request.body.product), variantId });
      },
    );

    app.put(
      '/api/admin/product/updateVariant',
      { schema: { summary: 'Edit a variant’s quantity and prices in place', body: updateVariantSchema, response: productAnswer } },
      async (request) => {
        await products.updateVariant(await actor(request), request.body);
        return productOf(request.body.productId);
      },
    );

    app.delete(
      '/api/admin/product/removeVariant',
      {
        schema: {
          summary: 'Remove a variant: deleted when never ordered, else archived (no stock, off the storefront)',
          body: removeVariantSchema,
          response: { 200: okEnvelope(z.object({ product: adminProductSchema, removed: z.enum(['deleted', 'archived']) })) },
        },
      },
      async (request) => {
        const removed = await products.removeVariant(await actor(request), request.body);
        return ok({ product: await products.detail(request.body.productId), removed });
      },
    );

    app.get(
      '/api/admin/category/getAllCategories',
      {
        schema: {
          summary: 'Every category with its product count (any status) and sub-categories',
          response: { 200: okEnvelope(z.object({ categories: z.array(adminCategorySchema) })) },
        },
      },
      async () => ok({ categories: await categories.list() }),
    );

    app.post(
      '/api/admin/category/createCategory',
      { schema: { summary: 'New category with style and HSN code', body: createCategorySchema, response: categoryAnswer } },
      async (request) => ok({ category: await categories.create(await actor(request), request.body) }),
    );

    app.put(
      '/api/admin/category/updateCategory/:categoryId',
      {
        schema: {
          summary: 'Rename, set style or HSN code; the slug stays',
          params: categoryParams,
          body: updateCategorySchema,
          response: categoryAnswer,
        },
      },
      async (request) => ok({ category: await categories.update(await actor(request), request.params.categoryId, request.body) }),
    );

    app.delete(
      '/api/admin/category/deleteCategory/:categoryId',
      { schema: { summary: 'Delete an empty category', params: categoryParams, response: emptyAnswer } },
      async (request) => {
        await categories.remove(await actor(request), request.params.categoryId);
        return ok({});
      },
    );
  };

/** The whole catalogue as CSV: the owner's, like every export (issue 40); registered in the owner scope. */
export const ownerCatalogueRoutes =
  (csv: CatalogueCsv): FastifyPluginAsyncZod =>
  async (app) => {
    const actor = async (request: FastifyRequest) => actorOf((await adminOf(request)).admin);
    app.get(
      '/api/admin/product/exportProducts',
      {
        schema: {
          summary:
            'The catalogue as CSV (prices in rupees), the columns the import reads; stock also as exported_stock; owners only (403 for staff)',
          produces: ['text/csv'],
          response: { 200: z.string() },
        },
      },
      async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="catalogue.csv"')
          .send(await csv.exportCsv(await actor(request))),
    );
  };
