import { ADMIN_PRODUCT_SORTS, PRODUCT_STATUSES, formatINR, type AdminCategory, type AdminProductRow } from '@shop/core';
import { Pencil, Plus, Shirt } from 'lucide-react';
import { Form, Link, useSearchParams } from 'react-router';
import { ConfirmButton } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { FilterBar, FilterField, filterInputClass } from '../../components/filter-bar';
import { FormFailure } from '../../components/form-failure';
import { EmptyState, PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { UrlModal, UrlModalOpener, useClosedHref } from '../../components/url-modal';
import type { Failure } from '../../lib/failure';
import { CsvTools, ImportResult, type ImportAnswer } from './csv-tools';
import { useRefused, useSubmitting } from './form-answer';
import { productViewPath } from './paths';
import { ProductFields, STATUS_LABELS } from './product-fields';
import { EMPTY_PRODUCT_FORM, type ProductFormValues } from './product-form';
import { ProductStatusBadge } from './status-badge';

const SORT_LABELS: Record<(typeof ADMIN_PRODUCT_SORTS)[number], string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  name: 'Name A–Z',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  stock_asc: 'Stock: lowest first',
  updated: 'Recently updated',
};

export interface ProductsListData {
  products: AdminProductRow[];
  total: number;
  page: number;
  limit: number;
  categories: AdminCategory[];
  /** What the loader refused of the address's filters. */
  failure: Failure | null;
  /** Exports are the owner's (issue 40; the API refuses staff): staff see no export link. */
  canExport: boolean;
}

/** Search, category, status and sort: a GET form, so they land in the URL and the loader reads them. */
function Filters({ categories, failure }: { categories: readonly AdminCategory[]; failure: Failure | null }) {
  const [search] = useSearchParams();
  const value = (name: string) => search.get(name) ?? '';
  return (
    <FilterBar label="Product filters" failure={failure}>
      <FilterField label="Search" name="q" wide error={failure?.fields.q}>
        <input id="filter-q" name="q" type="search" defaultValue={value('q')} placeholder="Name or SKU" className={filterInputClass} />
      </FilterField>
      <FilterField label="Category" name="category" error={failure?.fields.category}>
        <select id="filter-category" name="category" defaultValue={value('category')} className={filterInputClass}>
          <option value="">All categories</option>
          <option value="none">No category</option>
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.categoryName}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField label="Status" name="status" error={failure?.fields.status}>
        <select id="filter-status" name="status" defaultValue={value('status')} className={filterInputClass}>
          <option value="">Any status</option>
          {PRODUCT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField label="Sort" name="sort" error={failure?.fields.sort}>
        <select id="filter-sort" name="sort" defaultValue={value('sort')} className={filterInputClass}>
          <option value="">Newest</option>
          {ADMIN_PRODUCT_SORTS.filter((sort) => sort !== 'newest').map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </FilterField>
    </FilterBar>
  );
}

function Thumb({ product }: { product: AdminProductRow }) {
  return product.image ? (
    <img src={product.image.secure_url} alt="" loading="lazy" className="aspect-[4/5] w-12 shrink-0 rounded-lg bg-sand object-cover" />
  ) : (
    <span className="flex aspect-[4/5] w-12 shrink-0 items-center justify-center rounded-lg bg-sand text-muted">
      <Shirt aria-hidden="true" className="h-5 w-5 opacity-40" />
    </span>
  );
}

/** The sellable pieces; highlighted when the product, or one of its variants, is at or below the low-stock mark. */
function Stock({ product }: { product: AdminProductRow }) {
  if (!product.lowStock) return <span className="tabular-nums">{product.availableStock}</span>;
  const note = product.variantCount > 0 ? 'a variant is low' : 'low stock';
  return (
    <span className="inline-flex flex-col items-end whitespace-nowrap">
      <span className="font-semibold tabular-nums text-wine-700">{product.availableStock}</span>
      <span className="rounded-md bg-wine-50 px-1.5 text-xs font-medium text-wine-700">{note}</span>
    </span>
  );
}

function RowActions({ product }: { product: AdminProductRow }) {
  return (
    <span className="inline-flex flex-wrap justify-end gap-2 lg:flex-nowrap">
      <Link to={productViewPath(product._id)} className="btn btn-outline min-h-10 px-4" aria-label={`Edit ${product.productName}`}>
        <Pencil aria-hidden="true" className="h-4 w-4" /> Edit
      </Link>
      {product.status !== 'archived' && (
        <ConfirmButton
          label="Archive"
          title={`Archive ${product.productName}?`}
          message={
            <p>
              <strong className="text-ink">{product.productName}</strong> leaves the storefront. Its orders and photos stay, and you can
              make it active again from its page.
            </p>
          }
          confirmLabel="Archive"
          fields={{ intent: 'archive', productId: product._id }}
          tone="danger"
        />
      )}
    </span>
  );
}

/** 'New product': every field; the product opens in its edit page afterwards, for photos and variants. */
function NewProductForm({ categories }: { categories: readonly AdminCategory[] }) {
  const refused = useRefused<ProductFormValues>('create');
  const busy = useSubmitting('create');
  const closed = useClosedHref('new');
  const values = refused?.values ?? EMPTY_PRODUCT_FORM;
  return (
    <Form method="post" noValidate preventScrollReset key={JSON.stringify(values)}>
      <input type="hidden" name="intent" value="create" />
      <FormFailure failure={refused} className="mb-4" />
      <ProductFields values={values} errors={refused?.fields} categories={categories} idPrefix="new" />
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={closed} replace preventScrollReset className="btn btn-outline">
          Cancel
        </Link>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : 'Create product'}
        </button>
      </div>
    </Form>
  );
}

/** The products page (issue 10 catalogue management): filters in the URL, table, new product, archive, CSV. */
export function ProductsList({ data, importAnswer }: { data: ProductsListData; importAnswer: ImportAnswer | null }) {
  const { products, total, page, limit, categories, failure, canExport } = data;
  return (
    <>
      <PageHeader
        title="Products"
        description={`${total.toLocaleString('en-IN')} ${total === 1 ? 'product' : 'products'}`}
        actions={
          <>
            <CsvTools canExport={canExport} />
            <UrlModalOpener name="new" className="btn btn-primary">
              <Plus aria-hidden="true" className="h-4 w-4" />
              New product
            </UrlModalOpener>
          </>
        }
      />
      <ImportResult answer={importAnswer} />
      <UrlModal name="new" title="New product" width="xl">
        <NewProductForm categories={categories} />
      </UrlModal>
      <Filters categories={categories} failure={failure} />
      {products.length === 0 ? (
        <EmptyState title="No products match these filters." />
      ) : (
        <DataTable
          caption="Products"
          rows={products}
          rowKey={(product) => product._id}
          columns={[
            {
              header: 'Product',
              primary: true,
              cell: (product) => (
                <span className="flex items-center gap-3">
                  <Thumb product={product} />
                  <span className="min-w-0">
                    <Link to={productViewPath(product._id)} className="font-semibold hover:text-wine-700">
                      {product.productName}
                    </Link>
                    {product.variantCount > 0 && (
                      <span className="block text-xs font-normal text-muted">
                        {product.variantCount} {product.variantCount === 1 ? 'variant' : 'variants'}
                      </span>
                    )}
                  </span>
                </span>
              ),
            },
            { header: 'Category', cell: (product) => <span className="text-muted">{product.category?.categoryName ?? '-'}</span> },
            { header: 'Price', numeric: true, cell: (product) => formatINR(product.productPrice) },
            { header: 'Discount', numeric: true, cell: (product) => `${product.productDiscount}%` },
            { header: 'Stock', numeric: true, cell: (product) => <Stock product={product} /> },
            { header: 'Status', cell: (product) => <ProductStatusBadge status={product.status} /> },
            { header: 'Actions', cell: (product) => <RowActions product={product} /> },
          ]}
        />
      )}
      <Pager total={total} page={page} limit={limit} noun="products" />
    </>
  );
}
