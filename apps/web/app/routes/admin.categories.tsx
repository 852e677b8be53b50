import { CATEGORY_STYLES, type AdminCategory } from '@shop/core';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { SelectField, TextAreaField, TextField } from '../components/form-field';
import { adminLoad, adminSubmit, formFields } from '../features/admin/admin-api.server';
import { AdminPageError } from '../features/admin/admin-error';
import { Chip } from '../components/chip';
import { ConfirmButton } from '../components/confirm-dialog';
import { DataTable } from '../components/data-table';
import { Modal } from '../components/modal';
import { EmptyState, PageHeader } from '../components/page-header';
import { useActionToast } from '../lib/use-action-toast';
import type { Route } from './+types/admin.categories';
import { privatePageMeta } from '../lib/meta';

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad<{ categories: AdminCategory[] }>(request, context, '/api/admin/category/getAllCategories');
}

/** Create, update (name, style, HSN code, description) and delete; the API validates and refuses a category with products. */
export async function action({ request, context }: Route.ActionArgs) {
  const { intent, categoryId = '', categoryName, style, hsnCode, description, parentId } = formFields(await request.formData());
  const details = { categoryName, style, hsnCode, description };
  if (intent === 'create')
    return adminSubmit(request, context, 'POST', '/api/admin/category/createCategory', { ...details, parentId: parentId || null });
  if (intent === 'update')
    return adminSubmit(request, context, 'PUT', `/api/admin/category/updateCategory/${encodeURIComponent(categoryId)}`, details);
  if (intent === 'delete')
    return adminSubmit(request, context, 'DELETE', `/api/admin/category/deleteCategory/${encodeURIComponent(categoryId)}`);
  return { ok: false as const, error: 'Unknown action.', fields: {} };
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Categories · Admin Panel', matches);

const STYLE_LABEL = { traditional: 'Traditional', modern: 'Modern' } as const;

/** The create and edit form of a category, in a modal; closes itself when the save succeeds. */
function CategoryForm({ category, parents, onDone }: { category: AdminCategory | null; parents: AdminCategory[]; onDone: () => void }) {
  const fetcher = useFetcher();
  const errors = useActionToast(fetcher, category ? 'Category updated' : 'Category created', onDone);
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value={category ? 'update' : 'create'} />
      {category && <input type="hidden" name="categoryId" value={category._id} />}
      <TextField
        label="Category name"
        name="categoryName"
        required
        defaultValue={category?.categoryName}
        error={errors.categoryName}
        autoFocus
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Style" name="style" required defaultValue={category?.style ?? 'traditional'} error={errors.style}>
          {CATEGORY_STYLES.map((style) => (
            <option key={style} value={style}>
              {STYLE_LABEL[style]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="HSN code"
          name="hsnCode"
          required
          inputMode="numeric"
          maxLength={8}
          defaultValue={category?.hsnCode ?? ''}
          error={errors.hsnCode}
          hint="4, 6 or 8 digits; printed on invoices."
        />
      </div>
      {!category && (
        <SelectField label="Inside" name="parentId" defaultValue="" error={errors.parentId}>
          <option value="">Nothing (a top-level category)</option>
          {parents.map((parent) => (
            <option key={parent._id} value={parent._id}>
              {parent.categoryName}
            </option>
          ))}
        </SelectField>
      )}
      <TextAreaField
        label="Description"
        name="description"
        rows={3}
        defaultValue={category?.description ?? ''}
        error={errors.description}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-outline" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : category ? 'Save changes' : 'Create category'}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** Categories with their product counts: create, rename, style, HSN code; delete only when empty. */
export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const [editing, setEditing] = useState<AdminCategory | 'new' | null>(null);
  const close = () => setEditing(null);
  const nameOf = new Map(categories.map((category) => [category._id, category.categoryName]));
  const parents = categories.filter((category) => category.parentId === null);
  return (
    <>
      <PageHeader
        title="Categories"
        description={`${categories.length} ${categories.length === 1 ? 'category' : 'categories'}`}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="h-4 w-4" /> New category
          </button>
        }
      />
      {categories.length === 0 ? (
        <EmptyState title="No categories yet">Create the first one to group your products.</EmptyState>
      ) : (
        <DataTable
          caption="Categories"
          rows={categories}
          rowKey={(category) => category._id}
          columns={[
            {
              header: 'Name',
              primary: true,
              cell: (category) => (
                <span>
                  <span className="font-semibold">{category.categoryName}</span>
                  {category.parentId && (
                    <span className="block text-xs font-normal text-muted">in {nameOf.get(category.parentId) ?? '—'}</span>
                  )}
                </span>
              ),
            },
            {
              header: 'Style',
              cell: (category) => <Chip tone={category.style === 'modern' ? 'info' : 'warn'}>{STYLE_LABEL[category.style]}</Chip>,
            },
            { header: 'HSN code', cell: (category) => <span className="font-mono">{category.hsnCode}</span> },
            { header: 'Products', numeric: true, cell: (category) => category.productCount.toLocaleString('en-IN') },
            {
              header: 'Actions',
              cell: (category) => (
                <span className="inline-flex flex-wrap justify-end gap-2">
                  <button
                    type="button"
                    className="btn btn-outline min-h-10 px-4"
                    onClick={() => setEditing(category)}
                    aria-label={`Edit ${category.categoryName}`}
                  >
                    <Pencil aria-hidden="true" className="h-4 w-4" /> Edit
                  </button>
                  <ConfirmButton
                    label="Delete"
                    title={`Delete ${category.categoryName}?`}
                    message={
                      category.productCount > 0 || category.childCount > 0
                        ? `It still holds ${category.productCount} ${category.productCount === 1 ? 'product' : 'products'}${category.childCount > 0 ? ` and ${category.childCount} sub-categories` : ''}: only an empty category can be deleted. Move them to another category first.`
                        : 'It holds no products. This cannot be undone.'
                    }
                    confirmLabel="Delete"
                    fields={{ intent: 'delete', categoryId: category._id }}
                    success="Category deleted"
                    tone="danger"
                  />
                </span>
              ),
            },
          ]}
        />
      )}
      {editing !== null && (
        <Modal title={editing === 'new' ? 'New category' : `Edit ${editing.categoryName}`} onClose={close}>
          <CategoryForm
            key={editing === 'new' ? 'new' : editing._id}
            category={editing === 'new' ? null : editing}
            parents={parents}
            onDone={close}
          />
        </Modal>
      )}
    </>
  );
}

export { AdminPageError as ErrorBoundary };
