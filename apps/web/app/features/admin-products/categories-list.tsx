import { CATEGORY_STYLES, type AdminCategory } from '@shop/core';
import { Pencil, Plus } from 'lucide-react';
import { Form, Link, useSearchParams } from 'react-router';
import { Chip } from '../../components/chip';
import { ConfirmButton } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { SelectField, TextAreaField, TextField } from '../../components/form-field';
import { FormFailure } from '../../components/form-failure';
import { EmptyState, PageHeader } from '../../components/page-header';
import { UrlModal, UrlModalOpener, useClosedHref } from '../../components/url-modal';
import { useRefused, useSubmitting } from './form-answer';
import { PackageFields, packageFormValues, type PackageFormValues } from './package-fields';

const STYLE_LABEL = { traditional: 'Traditional', modern: 'Modern' } as const;

type CategoryValues = Record<'categoryName' | 'style' | 'hsnCode' | 'description' | 'parentId', string> & PackageFormValues;

/** A new category starts with the shop's default parcel (migration 0040's column defaults). */
const NEW_PACKAGE = { packageWeightGrams: 500, packageLengthCm: 30, packageBreadthCm: 25, packageHeightCm: 5 };

const valuesOf = (category: AdminCategory | null): CategoryValues => ({
  categoryName: category?.categoryName ?? '',
  style: category?.style ?? 'traditional',
  hsnCode: category?.hsnCode ?? '',
  description: category?.description ?? '',
  parentId: '',
  ...packageFormValues(category ?? NEW_PACKAGE),
});

/** The create and edit form of a category, posted to the page's action; a saved one goes back to the list. */
function CategoryForm({ category, parents }: { category: AdminCategory | null; parents: readonly AdminCategory[] }) {
  const intent = category ? 'update' : 'create';
  const refused = useRefused<CategoryValues>(intent);
  const own = refused && (!category || refused.categoryId === category._id) ? refused : null;
  const busy = useSubmitting(intent);
  const closed = useClosedHref('edit');
  const values = own?.values ?? valuesOf(category);
  const errors = own?.fields ?? {};
  return (
    <Form method="post" noValidate preventScrollReset className="space-y-4" key={JSON.stringify(values)}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="_back" value={closed} />
      {category && <input type="hidden" name="categoryId" value={category._id} />}
      <FormFailure failure={own} />
      <TextField label="Category name" name="categoryName" required defaultValue={values.categoryName} error={errors.categoryName} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Style" name="style" required defaultValue={values.style} error={errors.style}>
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
          defaultValue={values.hsnCode}
          error={errors.hsnCode}
          hint="4, 6 or 8 digits; printed on invoices."
        />
      </div>
      {!category && (
        <SelectField label="Inside" name="parentId" defaultValue={values.parentId} error={errors.parentId}>
          <option value="">Nothing (a top-level category)</option>
          {parents.map((parent) => (
            <option key={parent._id} value={parent._id}>
              {parent.categoryName}
            </option>
          ))}
        </SelectField>
      )}
      <TextAreaField label="Description" name="description" rows={3} defaultValue={values.description} error={errors.description} />
      <PackageFields values={values} errors={errors} idPrefix={category ? `category-${category._id}` : 'category-new'} />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Link to={closed} replace preventScrollReset className="btn btn-outline">
          Cancel
        </Link>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : category ? 'Save changes' : 'Create category'}
        </button>
      </div>
    </Form>
  );
}

/** Categories with their product counts: create, rename, style, HSN code; delete only when empty. */
export function CategoriesList({ categories }: { categories: AdminCategory[] }) {
  const [search] = useSearchParams();
  const editing = search.get('edit');
  const category = editing && editing !== 'new' ? (categories.find((candidate) => candidate._id === editing) ?? null) : null;
  const nameOf = new Map(categories.map((candidate) => [candidate._id, candidate.categoryName]));
  const parents = categories.filter((candidate) => candidate.parentId === null);
  return (
    <>
      <PageHeader
        title="Categories"
        description={`${categories.length} ${categories.length === 1 ? 'category' : 'categories'}`}
        actions={
          <UrlModalOpener name="edit" value="new" className="btn btn-primary">
            <Plus aria-hidden="true" className="h-4 w-4" /> New category
          </UrlModalOpener>
        }
      />
      {(editing === 'new' || category) && (
        <UrlModal name="edit" title={category ? `Edit ${category.categoryName}` : 'New category'}>
          <CategoryForm key={category?._id ?? 'new'} category={category} parents={parents} />
        </UrlModal>
      )}
      {categories.length === 0 ? (
        <EmptyState title="No categories yet">Create the first one to group your products.</EmptyState>
      ) : (
        <DataTable
          caption="Categories"
          rows={categories}
          rowKey={(row) => row._id}
          columns={[
            {
              header: 'Name',
              primary: true,
              cell: (row) => (
                <span>
                  <span className="font-semibold">{row.categoryName}</span>
                  {row.parentId && <span className="block text-xs font-normal text-muted">in {nameOf.get(row.parentId) ?? '—'}</span>}
                </span>
              ),
            },
            { header: 'Style', cell: (row) => <Chip tone={row.style === 'modern' ? 'info' : 'warn'}>{STYLE_LABEL[row.style]}</Chip> },
            { header: 'HSN code', cell: (row) => <span className="font-mono">{row.hsnCode}</span> },
            {
              header: 'Parcel',
              cell: (row) => (
                <span className="whitespace-nowrap tabular-nums">
                  {row.packageWeightGrams} g · {row.packageLengthCm}×{row.packageBreadthCm}×{row.packageHeightCm} cm
                </span>
              ),
            },
            { header: 'Products', numeric: true, cell: (row) => row.productCount.toLocaleString('en-IN') },
            {
              header: 'Actions',
              cell: (row) => (
                <span className="inline-flex flex-wrap justify-end gap-2">
                  <UrlModalOpener name="edit" value={row._id} className="btn btn-outline min-h-10 px-4" label={`Edit ${row.categoryName}`}>
                    <Pencil aria-hidden="true" className="h-4 w-4" /> Edit
                  </UrlModalOpener>
                  <ConfirmButton
                    label="Delete"
                    title={`Delete ${row.categoryName}?`}
                    message={
                      row.productCount > 0 || row.childCount > 0
                        ? `It still holds ${row.productCount} ${row.productCount === 1 ? 'product' : 'products'}${row.childCount > 0 ? ` and ${row.childCount} sub-categories` : ''}: only an empty category can be deleted. Move them to another category first.`
                        : 'It holds no products. This cannot be undone.'
                    }
                    confirmLabel="Delete"
                    fields={{ intent: 'delete', categoryId: row._id }}
                    tone="danger"
                  />
                </span>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
