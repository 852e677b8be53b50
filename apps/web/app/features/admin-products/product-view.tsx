import { formatINR, type AdminProduct } from '@shop/core';
import { ExternalLink } from 'lucide-react';
import { useEffect, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/api-client';
import { useForm } from '../../lib/form';
import { getProduct, listCategories, updateProduct } from './api';
import { PhotosSection } from './photos-section';
import { ProductFields } from './product-fields';
import { productFormValues, productPayload } from './product-form';
import { ProductStatusBadge } from './status-badge';
import { useLoad } from '../../lib/use-load';
import { VariantsSection } from './variants-section';

/** Every field of the product, saved together ('Update Product'); the stock edit applies as a change. */
function ProductEditor({ product, onChange }: { product: AdminProduct; onChange: (product: AdminProduct) => void }) {
  const categories = useLoad(listCategories, '');
  const form = useForm(productFormValues(product));
  const variantStock = product.variants.reduce((sum, variant) => sum + variant.quantity, 0);

  async function save(event: FormEvent) {
    event.preventDefault();
    const checked = productPayload(form.values);
    form.setErrors(checked.errors ?? {});
    if (!checked.data) return;
    try {
      onChange(await updateProduct(product._id, { ...checked.data, previousStock: product.productStock }));
      toast.success('Product updated successfully');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update product'));
    }
  }

  return (
    <section aria-labelledby="details-title" className="rounded-2xl border border-line bg-white p-4 sm:p-6">
      <h2 id="details-title" className="mb-4 text-xl font-semibold">
        Details
      </h2>
      <dl className="mb-5 grid grid-cols-2 gap-3 rounded-xl bg-ivory p-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-muted">Selling price</dt>
          <dd className="font-semibold tabular-nums">{formatINR(product.sellingPrice)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Own stock</dt>
          <dd className="font-semibold tabular-nums">{product.productStock}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Variants' stock</dt>
          <dd className="font-semibold tabular-nums">{product.variants.length > 0 ? variantStock : '-'}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Sellable</dt>
          <dd className="font-semibold tabular-nums">{product.availableStock}</dd>
        </div>
      </dl>
      <form onSubmit={(event) => void save(event)} noValidate>
        <ProductFields field={form.field} categories={categories.data ?? []} idPrefix="product" />
        <div className="mt-6 flex justify-end">
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={form.busy}>
            Update Product
          </button>
        </div>
      </form>
    </section>
  );
}

/** Spec §2.14 product view: details, images and variants of one product. */
export function ProductView({ productId }: { productId: string }) {
  const { data: product, error, replace } = useLoad(getProduct, productId);
  // Spec §8: a product that cannot load says so as a toast too ('Failed to load product' when the server gives no reason).
  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);
  if (!product) {
    return error ? (
      <p role="alert" className="rounded-xl bg-wine-50 p-4 text-wine-700">
        {error}
      </p>
    ) : (
      <p className="py-16 text-center text-muted">Loading product...</p>
    );
  }
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-muted">
            <Link to="/admin/products" className="hover:text-wine-700">
              Products
            </Link>{' '}
            / {product.category?.categoryName ?? '-'}
          </p>
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold sm:text-3xl">
            {product.productName} <ProductStatusBadge status={product.status} />
          </h1>
        </div>
        {product.status === 'active' && (
          <a href={`/product/${product._id}`} target="_blank" rel="noreferrer" className="btn btn-outline">
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            View in shop
          </a>
        )}
      </div>
      <div className="grid items-start gap-5 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        {/* The key resets the form to what the server saved when the product's own fields change. */}
        <ProductEditor key={JSON.stringify(productFormValues(product))} product={product} onChange={replace} />
        <PhotosSection product={product} onChange={replace} />
      </div>
      <VariantsSection product={product} onChange={replace} />
    </div>
  );
}
