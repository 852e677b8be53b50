import { formatINR, type AdminCategory, type AdminProduct } from '@shop/core';
import { ExternalLink, History } from 'lucide-react';
import { Form, Link } from 'react-router';
import { FormFailure } from '../../components/form-failure';
import { UrlModalOpener } from '../../components/url-modal';
import { AddVariantDialog } from './add-variant-form';
import { useRefused, useSubmitting } from './form-answer';
import { PRODUCTS_PATH } from './paths';
import { photoColours } from './photo-order';
import { PhotosSection } from './photos-section';
import { ProductFields } from './product-fields';
import { productFormValues, type ProductFormValues } from './product-form';
import { ProductStatusBadge } from './status-badge';
import { StockHistoryDialog, type StockHistoryData } from './stock-history';
import { UploadImagesDialog } from './upload-images-dialog';
import { VariantsSection } from './variants-section';

export interface ProductViewData {
  product: AdminProduct;
  categories: AdminCategory[];
  /** The stock history the address asks for (`?history=<variant or product id>`), if any. */
  history: StockHistoryData | null;
}

/** Every field of the product, saved together ('Update Product'); the stock edit applies as a change. */
function ProductEditor({ product, categories }: { product: AdminProduct; categories: readonly AdminCategory[] }) {
  const refused = useRefused<ProductFormValues>('update');
  const busy = useSubmitting('update');
  const values = refused?.values ?? productFormValues(product);
  const variantStock = product.variants.reduce((sum, variant) => sum + variant.quantity, 0);

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
          <dd className="flex items-center gap-1 font-semibold tabular-nums">
            {product.productStock}
            {product.variants.length === 0 && (
              <UrlModalOpener
                name="history"
                value={product._id}
                label="Stock history"
                className="rounded-full p-1 text-muted hover:bg-sand hover:text-wine-700"
              >
                <History aria-hidden="true" className="h-3.5 w-3.5" />
              </UrlModalOpener>
            )}
          </dd>
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
      {/* The key resets the fields to what the server saved, or to what was typed into a refused form. */}
      <Form method="post" noValidate preventScrollReset key={JSON.stringify(values)}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="previousStock" value={product.productStock} />
        <FormFailure failure={refused} className="mb-4" />
        <ProductFields
          values={values}
          errors={refused?.fields}
          categories={categories}
          idPrefix="product"
          categoryHsnCode={product.categoryHsnCode}
          categoryPackage={product.categoryPackage}
        />
        <div className="mt-6 flex justify-end">
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy}>
            {busy ? 'Saving...' : 'Update Product'}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** Spec §2.14 product view: details, images and variants of one product, and a shelf's stock history on request. */
export function ProductView({ data }: { data: ProductViewData }) {
  const { product, categories, history } = data;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-muted">
            <Link to={PRODUCTS_PATH} className="hover:text-wine-700">
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
      {/* The dialogs the address opens: without scripts they show here, at the top of the page the link loads. */}
      <StockHistoryDialog history={history} />
      <UploadImagesDialog colours={photoColours(product.variants)} />
      <AddVariantDialog />
      <div className="grid items-start gap-5 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <ProductEditor product={product} categories={categories} />
        <PhotosSection product={product} />
      </div>
      <VariantsSection product={product} />
    </div>
  );
}
