import {
  adminCategorySchema,
  adminProductPageSchema,
  adminProductSchema,
  csvImportResultSchema,
  type AddVariantInput,
  type AdminProduct,
  type CreateProductInput,
  type UpdateProductInput,
  type UpdateVariantInput,
} from '@shop/core';
import { z } from 'zod';
import { api, apiRequest } from '../../lib/api-client';
import { sendForm } from './upload';

// The back-office's catalogue calls, from the browser with the admin session cookie (spec §7 admin).

const BASE = '/api/admin/product';
const productAnswer = z.object({ product: adminProductSchema });
const id = encodeURIComponent;

export type AdminProductPage = z.infer<typeof adminProductPageSchema>;
export type CsvImportResult = z.infer<typeof csvImportResultSchema>;

export const EXPORT_CSV_PATH = `${BASE}/exportProducts`;

export const listProducts = async (query: string): Promise<AdminProductPage> =>
  adminProductPageSchema.parse(await api.get(`${BASE}/getAllProducts${query ? `?${query}` : ''}`));

export const listCategories = async () =>
  z.object({ categories: z.array(adminCategorySchema) }).parse(await api.get('/api/admin/category/getAllCategories')).categories;

export const getProduct = async (productId: string): Promise<AdminProduct> =>
  productAnswer.parse(await api.get(`${BASE}/getProductDetails/${id(productId)}`, 'Failed to load product')).product;

export const createProduct = async (input: CreateProductInput): Promise<AdminProduct> =>
  productAnswer.parse(await api.post(`${BASE}/createProduct`, input)).product;

export const updateProduct = async (productId: string, input: UpdateProductInput): Promise<AdminProduct> =>
  productAnswer.parse(await api.put(`${BASE}/updateProduct/${id(productId)}`, input, 'Failed to update product')).product;

export const archiveProduct = async (productId: string): Promise<AdminProduct> =>
  productAnswer.parse(await api.post(`${BASE}/archiveProduct/${id(productId)}`)).product;

/** Uploads photos (repeated field productImages), reporting progress 0–1; answers the product as it is now. */
export async function addPhotos(productId: string, files: readonly File[], onProgress: (fraction: number) => void): Promise<AdminProduct> {
  const form = new FormData();
  for (const file of files) form.append('productImages', file, file.name);
  return productAnswer.parse(await sendForm(`${BASE}/addProductPhotos/${id(productId)}`, form, onProgress)).product;
}

export const deletePhoto = async (productId: string, publicId: string): Promise<AdminProduct> =>
  productAnswer.parse(
    await apiRequest('DELETE', `${BASE}/deleteProductPhotos`, {
      body: { productId, public_id: publicId },
      fallback: 'Failed to remove image',
    }),
  ).product;

export const reorderPhotos = async (productId: string, order: readonly string[]): Promise<AdminProduct> =>
  productAnswer.parse(await api.put(`${BASE}/reorderProductPhotos/${id(productId)}`, { order })).product;

export const setCoverPhoto = async (productId: string, publicId: string): Promise<AdminProduct> =>
  productAnswer.parse(await api.put(`${BASE}/setCoverPhoto/${id(productId)}`, { public_id: publicId })).product;

export const addVariant = async (input: AddVariantInput): Promise<AdminProduct> =>
  productAnswer.parse(await api.post(`${BASE}/addVariant`, input)).product;

export const updateVariant = async (input: UpdateVariantInput): Promise<AdminProduct> =>
  productAnswer.parse(await api.put(`${BASE}/updateVariant`, input)).product;

export const removeVariant = async (productId: string, variantId: string): Promise<AdminProduct> =>
  productAnswer.parse(
    await apiRequest('DELETE', `${BASE}/removeVariant`, { body: { productId, variantId }, fallback: 'Failed to remove variant' }),
  ).product;

/** Imports a catalogue CSV; a refused file throws ApiError whose message lists the row-numbered errors. */
export async function importCsv(file: File): Promise<CsvImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return csvImportResultSchema.parse(await sendForm(`${BASE}/importProducts`, form));
}
