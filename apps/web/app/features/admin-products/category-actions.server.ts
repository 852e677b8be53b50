import { AppError, createCategorySchema, isUuid, updateCategorySchema } from '@shop/core';
import { data } from 'react-router';
import { backTo, redirectWithFlash } from '../../lib/flash.server';
import { validate } from '../../lib/form';
import { formText } from '../../lib/form-data';
import { actionCall } from '../../lib/service-call.server';
import { buttonChange, type CataloguePost } from './catalogue-actions.server';
import { PACKAGE_FIELD_NAMES, packageInput } from './package-fields';
import { CATEGORIES_PATH } from './paths';

export const CATEGORY_CREATED = 'Category created';
export const CATEGORY_UPDATED = 'Category updated';
export const CATEGORY_DELETED = 'Category deleted';

/** What the category form posts, as typed. */
export const CATEGORY_FIELDS = ['categoryName', 'style', 'hsnCode', 'description', 'parentId', ...PACKAGE_FIELD_NAMES] as const;

const invalid = (fields: Record<string, string>) =>
  new AppError('INVALID_DATA', Object.values(fields)[0] ?? 'Please check the form.', fields);

/**
 * /admin/categories: create, update (name, style, HSN code, description) and delete; the service refuses a
 * category that still holds products or sub-categories. A saved form goes back to the list with the message
 * (the form's `_back`: the list without its dialog); a refused one shows again with the values typed.
 */
export async function categoriesAction(post: CataloguePost) {
  const { form, actor } = post;
  const categories = post.services.adminCategories;
  const intent = formText(form, 'intent');
  const categoryId = formText(form, 'categoryId');
  const values = Object.fromEntries(CATEGORY_FIELDS.map((name) => [name, formText(form, name)])) as Record<
    (typeof CATEGORY_FIELDS)[number],
    string
  >;
  const saved = (message: string) => () => redirectWithFlash(backTo(post.request, form, CATEGORIES_PATH), { kind: 'success', message });

  if (intent === 'create') {
    return actionCall(
      (async () => {
        const checked = validate(createCategorySchema, {
          categoryName: values.categoryName,
          style: values.style,
          hsnCode: values.hsnCode,
          description: values.description,
          parentId: values.parentId || null,
          // Every parcel field is required: a blank one is refused in words naming it.
          ...packageInput(values, ''),
        });
        if (!checked.data) throw invalid(checked.errors);
        await categories.create(actor, checked.data);
      })(),
      saved(CATEGORY_CREATED),
      { intent, categoryId, values },
    );
  }
  if (intent === 'update') {
    return actionCall(
      (async () => {
        if (!isUuid(categoryId)) throw new AppError('NOT_FOUND', 'Category not found');
        const checked = validate(updateCategorySchema, {
          categoryName: values.categoryName,
          style: values.style,
          hsnCode: values.hsnCode,
          description: values.description,
          ...packageInput(values, ''),
        });
        if (!checked.data) throw invalid(checked.errors);
        await categories.update(actor, categoryId, checked.data);
      })(),
      saved(CATEGORY_UPDATED),
      { intent, categoryId, values },
    );
  }
  if (intent === 'delete') {
    return buttonChange(
      post,
      CATEGORIES_PATH,
      async () => {
        if (!isUuid(categoryId)) throw new AppError('NOT_FOUND', 'Category not found');
        await categories.remove(actor, categoryId);
      },
      CATEGORY_DELETED,
    );
  }
  return data({ ok: false as const, error: 'Unknown action.', fields: {}, intent }, { status: 400 });
}
