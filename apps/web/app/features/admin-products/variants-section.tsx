import { formatINR, type AdminProduct, type AdminVariant } from '@shop/core';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/api-client';
import { AddVariantModal } from './add-variant-modal';
import { removeVariant, updateVariant } from './api';
import { parseRupees, parseWhole, rupeesInput } from './money';

const smallInput = 'mt-1 block min-h-10 w-full rounded-lg border border-line bg-white px-2.5 text-sm tabular-nums';

/** One variant: what it is, and its quantity and prices edited in place. */
function VariantCard({
  productId,
  variant,
  onChange,
}: {
  productId: string;
  variant: AdminVariant;
  onChange: (product: AdminProduct) => void;
}) {
  const initial = {
    quantity: String(variant.quantity),
    colorPrice: rupeesInput(variant.variantColorPrice),
    sizePrice: rupeesInput(variant.variantSizePrice),
  };
  const [values, setValues] = useState(initial);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const changed =
    values.quantity !== initial.quantity || values.colorPrice !== initial.colorPrice || values.sizePrice !== initial.sizePrice;
  const id = (name: string) => `variant-${variant._id}-${name}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    const quantity = parseWhole(values.quantity);
    const colorPrice = parseRupees(values.colorPrice);
    const sizePrice = parseRupees(values.sizePrice);
    if (quantity === null || colorPrice === null || sizePrice === null) {
      setError('Quantity is a whole number; prices are rupees with at most two decimals.');
      return;
    }
    setError('');
    setBusy(true);
    try {
      onChange(
        await updateVariant({
          productId,
          variantId: variant._id,
          quantity,
          previousQuantity: variant.quantity,
          variantColorPrice: colorPrice,
          variantSizePrice: sizePrice,
        }),
      );
      toast.success('Variant updated successfully');
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to update variant'));
      toast.error(errorMessage(failure, 'Failed to update variant'));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      onChange(await removeVariant(productId, variant._id));
      toast.success('Variant removed successfully');
    } catch (failure) {
      toast.error(errorMessage(failure, 'Failed to remove variant'));
      setBusy(false);
    }
  }

  return (
    <li className="rounded-2xl border border-line bg-white p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-semibold">{variant.variantName}</h3>
          <p className="text-xs text-muted">Type: colour and size</p>
          {variant.variantDescription && <p className="mt-0.5 text-sm text-muted">{variant.variantDescription}</p>}
        </div>
        <button
          type="button"
          onClick={() => void remove()}
          disabled={busy}
          className="btn btn-outline min-h-9 shrink-0 px-3 text-xs"
          aria-label={`Remove ${variant.variantName}`}
        >
          <Trash2 aria-hidden="true" className="h-3.5 w-3.5" />
          Remove
        </button>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Size</dt>
        <dd>
          {variant.variantSize} <span className="text-muted">(+{formatINR(variant.variantSizePrice)})</span>
        </dd>
        <dt className="text-muted">Colour</dt>
        <dd>
          {variant.variantColor} <span className="text-muted">(+{formatINR(variant.variantColorPrice)})</span>
        </dd>
        <dt className="text-muted">Quantity</dt>
        <dd className={variant.lowStock ? 'font-semibold text-wine-700' : ''}>
          {variant.quantity}
          {variant.lowStock && ' · Low stock'}
        </dd>
        <dt className="text-muted">SKU</dt>
        <dd className="truncate font-mono text-xs leading-5">{variant.sku}</dd>
      </dl>
      <form onSubmit={(event) => void save(event)} className="mt-3 grid grid-cols-3 gap-2 border-t border-line pt-3" noValidate>
        <div>
          <label htmlFor={id('quantity')} className="text-xs font-medium text-muted">
            Quantity
          </label>
          <input
            id={id('quantity')}
            inputMode="numeric"
            className={smallInput}
            value={values.quantity}
            onChange={(e) => setValues({ ...values, quantity: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor={id('color-price')} className="text-xs font-medium text-muted">
            Colour ₹
          </label>
          <input
            id={id('color-price')}
            inputMode="decimal"
            className={smallInput}
            value={values.colorPrice}
            onChange={(e) => setValues({ ...values, colorPrice: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor={id('size-price')} className="text-xs font-medium text-muted">
            Size ₹
          </label>
          <input
            id={id('size-price')}
            inputMode="decimal"
            className={smallInput}
            value={values.sizePrice}
            onChange={(e) => setValues({ ...values, sizePrice: e.target.value })}
          />
        </div>
        {error && (
          <p role="alert" className="col-span-3 text-xs font-medium text-wine-700">
            {error}
          </p>
        )}
        {changed && (
          <div className="col-span-3 flex justify-end gap-2">
            <button type="button" className="btn btn-outline min-h-9 px-4 text-xs" onClick={() => setValues(initial)}>
              Undo
            </button>
            <button type="submit" className="btn btn-primary min-h-9 px-4 text-xs" disabled={busy}>
              {busy ? 'Saving...' : 'Save variant'}
            </button>
          </div>
        )}
      </form>
    </li>
  );
}

/** Spec §2.14 variants: cards, 'No variants available.', 'Add Variant'. */
export function VariantsSection({ product, onChange }: { product: AdminProduct; onChange: (product: AdminProduct) => void }) {
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby="variants-title" className="rounded-2xl border border-line bg-white p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="variants-title" className="text-xl font-semibold">
          Variants
        </h2>
        <button type="button" className="btn btn-outline" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add Variant
        </button>
      </div>
      {product.variants.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-8 text-center text-muted">No variants available.</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 2xl:grid-cols-3" aria-label="Variants">
          {product.variants.map((variant) => (
            // The key carries the saved numbers, so a fresh copy from the server resets the in-place form.
            <VariantCard
              key={`${variant._id}-${variant.quantity}-${variant.variantColorPrice}-${variant.variantSizePrice}`}
              productId={product._id}
              variant={variant}
              onChange={onChange}
            />
          ))}
        </ul>
      )}
      {adding && (
        <AddVariantModal
          productId={product._id}
          onClose={() => setAdding(false)}
          onAdded={(next) => {
            onChange(next);
            setAdding(false);
          }}
        />
      )}
    </section>
  );
}
