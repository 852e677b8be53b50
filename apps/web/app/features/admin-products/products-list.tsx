import { ADMIN_PRODUCT_SORTS, PRODUCT_STATUSES, formatINR, type AdminCategory, type AdminProductRow } from '@shop/core';
import { Archive, Pencil, Plus, Shirt } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Form, Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/api-client';
import { useForm } from '../../lib/form';
import { archiveProduct, createProduct, listCategories, listProducts } from './api';
import { CsvTools } from './csv-tools';
import { apiQuery } from '../../lib/list-query';
import { ConfirmDialog, Modal } from '../../components/modal';
import { Pager } from '../../components/pager';
import { ProductFields, STATUS_LABELS } from './product-fields';
import { EMPTY_PRODUCT_FORM, productPayload } from './product-form';
import { ProductStatusBadge } from './status-badge';
import { useLoad } from '../../lib/use-load';

export const PRODUCT_QUERY_NAMES = ['q', 'category', 'status', 'sort', 'page'] as const;

const SORT_LABELS: Record<(typeof ADMIN_PRODUCT_SORTS)[number], string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  name: 'Name A–Z',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  stock_asc: 'Stock: lowest first',
  updated: 'Recently updated',
};

/** The path of a product's edit page. */
export const productViewPath = (productId: string) => `/admin/productView/${productId}`;

const selectClass = 'min-h-11 rounded-xl border border-line bg-white px-3 text-sm text-ink';

/** Filters q, category, status and sort, sent as a GET form so they land in the URL. */
function Filters({ categories }: { categories: readonly AdminCategory[] }) {
  const [search] = useSearchParams();
  return (
    <Form method="get" role="search" className="grid grid-cols-2 gap-2 md:grid-cols-[1fr_auto_auto_auto_auto]" key={search.toString()}>
      <label className="sr-only" htmlFor="products-q">
        Search products
      </label>
      <input
        id="products-q"
        name="q"
        type="search"
        defaultValue={search.get('q') ?? ''}
        placeholder="Search name or SKU"
        className={`${selectClass} col-span-2 w-full md:col-span-1`}
      />
      <label className="sr-only" htmlFor="products-category">
        Category
      </label>
      <select id="products-category" name="category" defaultValue={search.get('category') ?? ''} className={selectClass}>
        <option value="">All categories</option>
        <option value="none">No category</option>
        {categories.map((category) => (
          <option key={category._id} value={category._id}>
            {category.categoryName}
          </option>
        ))}
      </select>
      <label className="sr-only" htmlFor="products-status">
        Status
      </label>
      <select id="products-status" name="status" defaultValue={search.get('status') ?? ''} className={selectClass}>
        <option value="">Any status</option>
        {PRODUCT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </select>
      <label className="sr-only" htmlFor="products-sort">
        Sort
      </label>
      <select id="products-sort" name="sort" defaultValue={search.get('sort') ?? ''} className={selectClass}>
        <option value="">Sort: newest</option>
        {ADMIN_PRODUCT_SORTS.filter((sort) => sort !== 'newest').map((sort) => (
          <option key={sort} value={sort}>
            Sort: {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-primary">
        Apply
      </button>
    </Form>
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

function Price({ product }: { product: AdminProductRow }) {
  return <span className="tabular-nums">{formatINR(product.productPrice)}</span>;
}

function RowActions({ product, onArchive }: { product: AdminProductRow; onArchive: (product: AdminProductRow) => void }) {
  return (
    <div className="flex gap-1">
      <Link
        to={productViewPath(product._id)}
        className="rounded-full p-2 text-muted hover:bg-sand hover:text-wine-700"
        aria-label={`Edit ${product.productName}`}
      >
        <Pencil aria-hidden="true" className="h-4 w-4" />
      </Link>
      {product.status !== 'archived' && (
        <button
          type="button"
          onClick={() => onArchive(product)}
          className="rounded-full p-2 text-muted hover:bg-sand hover:text-wine-700"
          aria-label={`Archive ${product.productName}`}
        >
          <Archive aria-hidden="true" className="h-4 w-4" />
        </button>
      )}
    </div>
  );
}

/** Products as a table on wide screens and as cards on a phone. */
function ProductRows({ products, onArchive }: { products: readonly AdminProductRow[]; onArchive: (product: AdminProductRow) => void }) {
  return (
    <>
      <ul className="space-y-2 md:hidden" aria-label="Products">
        {products.map((product) => (
          <li key={product._id} className="flex gap-3 rounded-2xl border border-line bg-white p-3">
            <Thumb product={product} />
            <div className="min-w-0 flex-1">
              <Link to={productViewPath(product._id)} className="block truncate font-semibold hover:text-wine-700">
                {product.productName}
              </Link>
              <p className="text-xs text-muted">{product.category?.categoryName ?? 'No category'}</p>
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <Price product={product} />
                {product.productDiscount > 0 && <span className="text-muted">{product.productDiscount}% off</span>}
                <span className="inline-flex items-center gap-1 text-muted">
                  Stock <Stock product={product} />
                </span>
                <ProductStatusBadge status={product.status} />
              </p>
            </div>
            <RowActions product={product} onArchive={onArchive} />
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-2xl border border-line bg-white md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line bg-sand/40 text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Photo</span>
              </th>
              <th scope="col" className="px-4 py-3">
                Name
              </th>
              <th scope="col" className="px-4 py-3">
                Category
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Price
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Discount
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Stock
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {products.map((product) => (
              <tr key={product._id} className="hover:bg-ivory">
                <td className="px-4 py-2">
                  <Thumb product={product} />
                </td>
                <td className="px-4 py-2">
                  <Link to={productViewPath(product._id)} className="font-semibold hover:text-wine-700">
                    {product.productName}
                  </Link>
                  {product.variantCount > 0 && (
                    <span className="block text-xs text-muted">
                      {product.variantCount} {product.variantCount === 1 ? 'variant' : 'variants'}
                    </span>
                  )}
                </td>
                <td className="px-4 py-2 text-muted">{product.category?.categoryName ?? '-'}</td>
                <td className="px-4 py-2 text-right">
                  <Price product={product} />
                </td>
                <td className="px-4 py-2 text-right tabular-nums">{product.productDiscount}%</td>
                <td className="px-4 py-2 text-right">
                  <Stock product={product} />
                </td>
                <td className="px-4 py-2">
                  <ProductStatusBadge status={product.status} />
                </td>
                <td className="px-4 py-2">
                  <RowActions product={product} onArchive={onArchive} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** 'New product': every field; the product opens in its edit page afterwards, for photos and variants. */
function NewProductModal({ categories, onClose }: { categories: readonly AdminCategory[]; onClose: () => void }) {
  const navigate = useNavigate();
  const form = useForm(EMPTY_PRODUCT_FORM);
  const [busy, setBusy] = useState(false);
  async function save(event: FormEvent) {
    event.preventDefault();
    const checked = productPayload(form.values);
    form.setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy(true);
    try {
      const product = await createProduct(checked.data);
      toast.success('Product created');
      void navigate(productViewPath(product._id));
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to create product'));
      setBusy(false);
    }
  }
  return (
    <Modal title="New product" width="xl" onClose={onClose}>
      <form onSubmit={save} noValidate>
        <ProductFields field={form.field} categories={categories} idPrefix="new" />
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving...' : 'Create product'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The products page (issue 10 catalogue management): filters in the URL, table, new product, archive, CSV. */
export function ProductsList() {
  const [search] = useSearchParams();
  const list = useLoad(listProducts, apiQuery(search, PRODUCT_QUERY_NAMES));
  const categories = useLoad(listCategories, '');
  const [creating, setCreating] = useState(false);
  const [archiving, setArchiving] = useState<AdminProductRow | null>(null);
  const [busy, setBusy] = useState(false);

  async function archive(product: AdminProductRow) {
    setBusy(true);
    try {
      await archiveProduct(product._id);
      toast.success('Product archived');
      setArchiving(null);
      await list.reload();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to archive product'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold sm:text-3xl">Products</h1>
        <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
          <CsvTools onImported={list.reload} />
          <button type="button" className="btn btn-primary col-span-2 row-start-1" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            New product
          </button>
        </div>
      </div>
      <Filters categories={categories.data ?? []} />
      {list.error && !list.data ? (
        <p role="alert" className="rounded-xl bg-wine-50 p-4 text-sm text-wine-700">
          {list.error}
        </p>
      ) : !list.data ? (
        <p className="py-10 text-center text-muted">Loading...</p>
      ) : list.data.products.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line bg-white p-10 text-center text-muted">
          No products match these filters.
        </p>
      ) : (
        <div aria-busy={list.loading}>
          <ProductRows products={list.data.products} onArchive={setArchiving} />
        </div>
      )}
      {list.data && <Pager total={list.data.total} page={list.data.page} limit={list.data.limit} noun="products" />}
      {creating && <NewProductModal categories={categories.data ?? []} onClose={() => setCreating(false)} />}
      {archiving && (
        <ConfirmDialog
          title="Archive this product?"
          message={
            <p>
              <strong className="text-ink">{archiving.productName}</strong> leaves the storefront. Its orders and photos stay, and you can
              make it active again from its page.
            </p>
          }
          confirmLabel="Archive"
          busy={busy}
          onConfirm={() => void archive(archiving)}
          onClose={() => setArchiving(null)}
        />
      )}
    </div>
  );
}
