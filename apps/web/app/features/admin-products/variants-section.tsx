import { formatINR, type AdminProduct, type AdminVariant } from '@shop/core';
import { History, Plus, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ConfirmButton } from '../../components/confirm-dialog';
import { Form } from 'react-router';
import { useHydrated } from '../../components/enhanced';
import { FormFailure } from '../../components/form-failure';
import { UnsavedChangesGuard } from '../../components/unsaved-changes';
import { UrlModalOpener } from '../../components/url-modal';
import { useRefused, useSubmitting } from './form-answer';
import { rupeesInput } from './money';

const smallInput = 'mt-1 block min-h-10 w-full rounded-lg border border-line bg-white px-2.5 text-sm tabular-nums';

/**
 * Remove, after asking (issue 26: a removal names what goes). With scripts a dialog and a toast; without, the
 * question opens in place and the page comes back with the message.
 */
function RemoveVariant({ variant }: { variant: AdminVariant }) {
  return (
    <ConfirmButton
      label={
        <>
          <Trash2 aria-hidden="true" className="h-3.5 w-3.5" />
          Remove<span className="sr-only"> {variant.variantName}</span>
        </>
      }
      title={`Remove ${variant.variantName}?`}
      message={`Its ${variant.quantity} ${variant.quantity === 1 ? 'piece' : 'pieces'} in stock leave the shop with it. Orders and bills that have it keep their lines.`}
      confirmLabel="Remove variant"
      fields={{ intent: 'removeVariant', variantId: variant._id }}
      tone="danger"
    />
  );
}

/**
 * One variant: what it is, its quantity (with its stock history) and its prices edited in place, saved by its own
 * Save button (or Enter); it tells `onDirty` while it holds numbers not saved.
 */
function VariantCard({ variant, onDirty }: { variant: AdminVariant; onDirty: (variantId: string, dirty: boolean) => void }) {
  const hydrated = useHydrated();
  const refused = useRefused<Record<string, string>>('updateVariant', variant._id);
  // The row's inputs have no room for field messages: the row's failure line says them all.
  const rowFailure = useMemo(() => (refused ? { ...refused, fields: {} } : null), [refused]);
  const busy = useSubmitting('updateVariant', variant._id);
  const saved = {
    quantity: String(variant.quantity),
    colorPrice: rupeesInput(variant.variantColorPrice),
    sizePrice: rupeesInput(variant.variantSizePrice),
  };
  const values = { ...saved, ...refused?.values };
  // Save always shows (issue 40: with it hidden until a change, Enter seemed the only way); Undo once a number
  // differs from the saved one, and always without scripts.
  const [changed, setChanged] = useState(false);
  useEffect(() => onDirty(variant._id, changed), [onDirty, variant._id, changed]);
  // A card replaced by its saved copy (or removed) holds nothing unsaved.
  useEffect(() => () => onDirty(variant._id, false), [onDirty, variant._id]);
  const id = (name: string) => `variant-${variant._id}-${name}`;

  return (
    <li className="rounded-2xl border border-line bg-white p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-semibold">{variant.variantName}</h3>
          <p className="text-xs text-muted">Type: colour and size</p>
          {variant.variantDescription && <p className="mt-0.5 text-sm text-muted">{variant.variantDescription}</p>}
        </div>
        <RemoveVariant variant={variant} />
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
        <dd className="flex flex-wrap items-center gap-x-2">
          <span className={variant.lowStock ? 'font-semibold text-wine-700' : ''}>
            {variant.quantity}
            {variant.lowStock && ' · Low stock'}
          </span>
          <UrlModalOpener
            name="history"
            value={variant._id}
            label={`Stock history of ${variant.variantName}`}
            className="inline-flex items-center gap-1 rounded-md text-xs font-medium text-wine-700 underline-offset-2 hover:underline"
          >
            <History aria-hidden="true" className="h-3.5 w-3.5" />
            History
          </UrlModalOpener>
        </dd>
        <dt className="text-muted">SKU</dt>
        <dd className="truncate font-mono text-xs leading-5">{variant.sku}</dd>
      </dl>
      {/* Keyed by the saved numbers and a refused form's: a fresh copy from the server resets the fields. */}
      <Form
        method="post"
        preventScrollReset
        noValidate
        key={JSON.stringify(values)}
        onInput={(event) => {
          const form = new FormData(event.currentTarget);
          setChanged(Object.entries(saved).some(([name, value]) => form.get(name) !== value));
        }}
        onReset={() => setChanged(false)}
        className="mt-3 grid grid-cols-3 gap-2 border-t border-line pt-3"
      >
        <input type="hidden" name="intent" value="updateVariant" />
        <input type="hidden" name="variantId" value={variant._id} />
        <input type="hidden" name="previousQuantity" value={variant.quantity} />
        <div>
          <label htmlFor={id('quantity')} className="text-xs font-medium text-muted">
            Quantity
          </label>
          <input id={id('quantity')} name="quantity" inputMode="numeric" className={smallInput} defaultValue={values.quantity} />
        </div>
        <div>
          <label htmlFor={id('color-price')} className="text-xs font-medium text-muted">
            Colour ₹
          </label>
          <input id={id('color-price')} name="colorPrice" inputMode="decimal" className={smallInput} defaultValue={values.colorPrice} />
        </div>
        <div>
          <label htmlFor={id('size-price')} className="text-xs font-medium text-muted">
            Size ₹
          </label>
          <input id={id('size-price')} name="sizePrice" inputMode="decimal" className={smallInput} defaultValue={values.sizePrice} />
        </div>
        <FormFailure failure={rowFailure} className="col-span-3 px-3 py-2 text-xs" />
        <div className="col-span-3 flex items-center justify-end gap-2">
          {changed && <span className="mr-auto text-xs font-medium text-wine-700">Not saved yet</span>}
          {(changed || !hydrated || refused) && (
            <button type="reset" className="btn btn-outline min-h-9 px-4 text-xs">
              Undo
            </button>
          )}
          <button type="submit" className="btn btn-primary min-h-9 px-4 text-xs" disabled={busy}>
            {busy ? 'Saving...' : 'Save variant'}
            <span className="sr-only"> {variant.variantName}</span>
          </button>
        </div>
      </Form>
    </li>
  );
}

/** Spec §2.14 variants: cards, 'No variants available.', 'Add Variant' (its dialog: add-variant-form.tsx). */
export function VariantsSection({ product }: { product: AdminProduct }) {
  // The variants holding numbers not saved: leaving the page asks first.
  const [dirty, setDirty] = useState<ReadonlySet<string>>(() => new Set());
  const onDirty = useCallback((variantId: string, isDirty: boolean) => {
    setDirty((before) => {
      if (before.has(variantId) === isDirty) return before;
      const after = new Set(before);
      if (isDirty) after.add(variantId);
      else after.delete(variantId);
      return after;
    });
  }, []);
  return (
    <section aria-labelledby="variants-title" className="rounded-2xl border border-line bg-white p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="variants-title" className="text-xl font-semibold">
          Variants
        </h2>
        <UrlModalOpener name="addVariant" className="btn btn-outline">
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add Variant
        </UrlModalOpener>
      </div>
      {product.variants.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-8 text-center text-muted">No variants available.</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 2xl:grid-cols-3" aria-label="Variants">
          {product.variants.map((variant) => (
            <VariantCard
              key={`${variant._id}-${variant.quantity}-${variant.variantColorPrice}-${variant.variantSizePrice}`}
              variant={variant}
              onDirty={onDirty}
            />
          ))}
        </ul>
      )}
      <UnsavedChangesGuard dirty={dirty.size > 0} />
    </section>
  );
}
