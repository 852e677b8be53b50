import {
  AppError,
  actorOf,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_UPLOAD,
  coverPhotoSchema,
  deletePhotoSchema,
  restorePhotoSchema,
  setPhotoColorSchema,
  isUuid,
  parseRupees,
  removeVariantSchema,
  updateVariantSchema,
  type AuditActor,
  type PageServices,
} from '@shop/core';
import { data, type RouterContextProvider } from 'react-router';
import { buttonCall } from '../../lib/button-action.server';
import { adminOf, servicesOf } from '../../context';
import { backTo, redirectWithFlash } from '../../lib/flash.server';
import { validate } from '../../lib/form';
import { FIELDS_FORM, PHOTOS_FORM, readForm } from '../../lib/read-form.server';
import { formFiles, formText, formTexts } from '../../lib/form-data';
import { actionCall } from '../../lib/service-call.server';
import { parseWhole } from './money';
import { PRODUCTS_PATH, productViewPath } from './paths';
import { moveItem } from './photo-order';
import { PACKAGE_FIELD_NAMES } from './package-fields';
import { productPayload, type ProductFormValues } from './product-form';
import { EMPTY_VARIANT_FORM, variantPayload, type VariantFormValues } from './variant-form';

// The actions of the back-office's catalogue pages (/admin/products, /admin/productView/:id; categories: category-actions.server.ts): each reads its
// form, checks it with the contracts the API uses, and calls PageServices as the signed-in admin. Access was
// decided by the admin layout's middleware.

type CatalogueServices = Pick<PageServices, 'adminProducts' | 'adminCategories' | 'catalogueCsv'>;

/** One form post to a catalogue page: the request, its form, the services and who is posting. */
export interface CataloguePost {
  request: Request;
  form: FormData;
  services: CatalogueServices;
  actor: AuditActor;
}

export const PRODUCT_CREATED = 'Product created';
export const PRODUCT_ARCHIVED = 'Product archived';
export const PRODUCT_UPDATED = 'Product updated successfully';
export const VARIANT_ADDED = 'Variant added successfully';
export const VARIANT_UPDATED = 'Variant updated successfully';
export const VARIANT_REMOVED = 'Variant removed successfully';
export const IMAGES_UPLOADED = 'Images uploaded';
export const IMAGE_REMOVED = 'Image removed successfully';
export const IMAGE_RESTORED = 'Photo restored';
export const PHOTO_ORDER_SAVED = 'Photo order saved';
export const COVER_SET = 'Cover photo set';
export const PHOTO_COLOUR_SAVED = 'Photo colour saved';
export const NO_FILES = 'No files selected.';
export const UNKNOWN_ACTION = 'Unknown action.';

const PRODUCT_FIELDS = [
  'productName',
  'productDescription',
  'category',
  'productPrice',
  'productDiscount',
  'productStock',
  'status',
  'hsnCode',
  ...PACKAGE_FIELD_NAMES,
];

/**
 * Reads a catalogue page's post (a multipart upload within the photo limits, any other form within 1 MB) and hands
 * it to `handle` with the services and the signed-in admin as the actor; a post too large is refused unread.
 */
export async function withCataloguePost<T>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  handle: (post: CataloguePost) => Promise<T>,
) {
  const multipart = request.headers.get('content-type')?.startsWith('multipart/form-data') ?? false;
  let form: FormData;
  try {
    form = await readForm(request, multipart ? PHOTOS_FORM : FIELDS_FORM);
  } catch (error) {
    if (error instanceof AppError) return data({ ok: false as const, error: error.message, fields: {} }, { status: error.status });
    throw error;
  }
  return handle({ request, form, services: servicesOf(context), actor: actorOf(adminOf(context)) });
}

/** A refusal of the form's own fields: the first field's message for the form, each beside its field. */
const invalid = (fields: Record<string, string>, message = Object.values(fields)[0] ?? 'Please check the form.') =>
  new AppError('INVALID_DATA', message, fields);

/** The form's values of a catalogue form (lib/form-data.ts formTexts), typed as the form's values. */
const textsOf = <T extends Record<string, string>>(form: FormData, names: readonly string[]): T => formTexts(form, names) as T;

/** A change made by a button (archive, remove, delete a photo, move it): lib/button-action.server.ts. */
export const buttonChange = (post: CataloguePost, fallback: string, run: () => Promise<unknown>, success: string) =>
  buttonCall(post.form, backTo(post.request, post.form, fallback), run, success);

/**
 * A change made by a form with fields: done, the page it names in `_back` (the page without its dialog) shows
 * again with the message, with scripts or without; refused, the form shows again with the messages, the values
 * typed and which form it was (`echo`), with the refusal's status.
 */
function formChange<Echo extends object>(post: CataloguePost, fallback: string, run: () => Promise<unknown>, success: string, echo: Echo) {
  return actionCall(run(), () => redirectWithFlash(backTo(post.request, post.form, fallback), { kind: 'success', message: success }), echo);
}

/** The photos of an upload, held to the API's limits: at least one, at most ten, each at most 10 MB. */
export async function uploadedPhotos(form: FormData): Promise<Uint8Array[]> {
  const files = formFiles(form, 'productImages');
  if (files.length === 0) throw invalid({ productImages: NO_FILES }, NO_FILES);
  if (files.length > MAX_PHOTOS_PER_UPLOAD)
    throw invalid({ productImages: `At most ${MAX_PHOTOS_PER_UPLOAD} images can be uploaded at once.` });
  if (files.some((file) => file.size > MAX_PHOTO_BYTES))
    throw invalid({ productImages: `Each image must be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB.` });
  return Promise.all(files.map(async (file) => new Uint8Array(await file.arrayBuffer())));
}

/** /admin/products: create a product (it opens in its page), archive one, import a catalogue CSV. */
export async function productsListAction(post: CataloguePost) {
  const { form, services, actor } = post;
  const intent = formText(form, 'intent');
  const products = services.adminProducts;
  if (intent === 'create') {
    const values = textsOf<ProductFormValues>(form, PRODUCT_FIELDS);
    let created = '';
    return actionCall(
      (async () => {
        const checked = productPayload(values);
        if (!checked.data) throw invalid(checked.errors);
        created = await products.create(actor, checked.data);
      })(),
      () => redirectWithFlash(productViewPath(created), { kind: 'success', message: PRODUCT_CREATED }),
      { intent, values },
    );
  }
  if (intent === 'archive') {
    const productId = formText(form, 'productId');
    return buttonChange(
      post,
      PRODUCTS_PATH,
      async () => {
        if (!isUuid(productId)) throw new AppError('NOT_FOUND', 'Product not found');
        await products.archive(actor, productId);
      },
      PRODUCT_ARCHIVED,
    );
  }
  if (intent === 'import') {
    return actionCall(
      (async () => {
        const [file] = formFiles(form, 'file');
        if (!file) throw invalid({ file: NO_FILES }, NO_FILES);
        if (file.size > MAX_PHOTO_BYTES) throw invalid({ file: `The file must be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB.` });
        return services.catalogueCsv.importCsv(actor, await file.text());
      })(),
      (result) => ({ ok: true as const, intent, result }),
      { intent },
    );
  }
  return data({ ok: false as const, error: UNKNOWN_ACTION, fields: {}, intent }, { status: 400 });
}

/** /admin/productView/:productId: the product's fields, its variants and its photos. */
export async function productViewAction(post: CataloguePost, productId: string) {
  const { form, services, actor } = post;
  const intent = formText(form, 'intent');
  const products = services.adminProducts;
  const page = productViewPath(productId);

  switch (intent) {
    case 'update': {
      const values = textsOf<ProductFormValues>(form, PRODUCT_FIELDS);
      return formChange(
        post,
        page,
        async () => {
          const checked = productPayload(values);
          if (!checked.data) throw invalid(checked.errors);
          const previousStock = parseWhole(formText(form, 'previousStock'));
          await products.update(actor, productId, { ...checked.data, ...(previousStock === null ? {} : { previousStock }) });
        },
        PRODUCT_UPDATED,
        { intent, values },
      );
    }
    case 'addVariant': {
      const values = textsOf<VariantFormValues>(form, Object.keys(EMPTY_VARIANT_FORM));
      return formChange(
        post,
        page,
        async () => {
          const checked = variantPayload(productId, values);
          if (!checked.data) throw invalid(checked.fields, checked.error);
          await products.addVariant(actor, checked.data);
        },
        VARIANT_ADDED,
        { intent, values },
      );
    }
    case 'updateVariant': {
      const variantId = formText(form, 'variantId');
      const values = textsOf<Record<string, string>>(form, ['quantity', 'colorPrice', 'sizePrice']);
      return formChange(
        post,
        page,
        async () => {
          const quantity = parseWhole(values.quantity ?? '');
          const colorPrice = parseRupees(values.colorPrice ?? '');
          const sizePrice = parseRupees(values.sizePrice ?? '');
          if (quantity === null || colorPrice === null || sizePrice === null)
            throw invalid({}, 'Quantity is a whole number; prices are rupees with at most two decimals.');
          const previousQuantity = parseWhole(formText(form, 'previousQuantity'));
          const checked = validate(updateVariantSchema, {
            productId,
            variantId,
            quantity,
            ...(previousQuantity === null ? {} : { previousQuantity }),
            variantColorPrice: colorPrice,
            variantSizePrice: sizePrice,
          });
          if (!checked.data) throw invalid(checked.errors);
          await products.updateVariant(actor, checked.data);
        },
        VARIANT_UPDATED,
        { intent, variantId, values },
      );
    }
    case 'removeVariant':
      return buttonChange(
        post,
        page,
        async () => {
          const checked = validate(removeVariantSchema, { productId, variantId: formText(form, 'variantId') });
          if (!checked.data) throw new AppError('NOT_FOUND', 'Variant not found');
          await products.removeVariant(actor, checked.data);
        },
        VARIANT_REMOVED,
      );
    case 'uploadPhotos':
      // 'Every colour' is sent as an empty variantColor: the photos then show whichever colour is chosen.
      return formChange(
        post,
        page,
        async () => products.addPhotos(actor, productId, await uploadedPhotos(form), formText(form, 'variantColor').trim() || null),
        IMAGES_UPLOADED,
        { intent },
      );
    case 'photoColor':
      return buttonChange(
        post,
        page,
        async () => {
          const checked = validate(setPhotoColorSchema, {
            productId,
            imageId: formText(form, 'imageId'),
            variantColor: formText(form, 'variantColor'),
          });
          if (!checked.data) throw invalid(checked.errors);
          await products.setPhotoColor(actor, checked.data);
        },
        PHOTO_COLOUR_SAVED,
      );
    case 'deletePhoto':
      return buttonChange(
        post,
        page,
        async () => {
          const checked = validate(deletePhotoSchema, { productId, public_id: formText(form, 'public_id') });
          if (!checked.data) throw new AppError('NOT_FOUND', 'Photo not found');
          await products.deletePhoto(actor, checked.data);
        },
        IMAGE_REMOVED,
      );
    case 'restorePhoto':
      return buttonChange(
        post,
        page,
        async () => {
          const checked = validate(restorePhotoSchema, { productId, public_id: formText(form, 'public_id') });
          if (!checked.data) throw new AppError('NOT_FOUND', 'This photo can no longer be restored.');
          await products.restorePhoto(actor, checked.data);
        },
        IMAGE_RESTORED,
      );
    case 'movePhoto':
      return buttonChange(
        post,
        page,
        async () => {
          const publicId = formText(form, 'public_id');
          const to = parseWhole(formText(form, 'to'));
          const photos = (await products.detail(productId)).productImages.map((photo) => photo.public_id);
          const from = photos.indexOf(publicId);
          if (from < 0 || to === null) throw new AppError('NOT_FOUND', 'Photo not found');
          await products.reorderPhotos(actor, productId, moveItem(photos, from, to));
        },
        PHOTO_ORDER_SAVED,
      );
    case 'coverPhoto':
      return buttonChange(
        post,
        page,
        async () => {
          const checked = validate(coverPhotoSchema, { public_id: formText(form, 'public_id') });
          if (!checked.data) throw new AppError('NOT_FOUND', 'Photo not found');
          await products.setCover(actor, productId, checked.data.public_id);
        },
        COVER_SET,
      );
    default:
      return data({ ok: false as const, error: UNKNOWN_ACTION, fields: {}, intent }, { status: 400 });
  }
}
