import type { AdminProduct } from '@shop/core';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { SelectField, TextAreaField, TextField } from '../../components/form-field';
import { errorMessage } from '../../lib/api-client';
import { fieldErrorsOf } from '../../lib/form';
import { addVariant } from './api';
import { Modal } from '../../components/modal';
import { COLOUR_PRESETS, EMPTY_VARIANT_FORM, OTHER, SIZE_PRESETS, variantPayload, type VariantFormValues } from './variant-form';

/** Spec §2.16 'Add Variant': colour and size presets or 'Other' with text, their prices, quantity, description, name. */
export function AddVariantModal({
  productId,
  onAdded,
  onClose,
}: {
  productId: string;
  onAdded: (product: AdminProduct) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState<VariantFormValues>(EMPTY_VARIANT_FORM);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const field = (name: keyof VariantFormValues & string) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    error: fields[name],
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = variantPayload(productId, values);
    if (!checked.data) {
      setFields(checked.fields);
      setError(checked.error);
      return;
    }
    setFields({});
    setError('');
    setBusy(true);
    try {
      const product = await addVariant(checked.data);
      toast.success('Variant added successfully');
      onAdded(product);
    } catch (failure) {
      const message = errorMessage(failure);
      setError(message);
      setFields(fieldErrorsOf(failure));
      toast.error(message);
      setBusy(false);
    }
  }

  return (
    <Modal title="Add Variant" width="xl" onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Colour" id="variant-color" required {...field('variantColor')}>
          <option value="">Choose a colour</option>
          {[...COLOUR_PRESETS, OTHER].map((colour) => (
            <option key={colour} value={colour}>
              {colour}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Colour price (₹)"
          id="variant-color-price"
          required
          inputMode="decimal"
          placeholder="0.00"
          {...field('variantColorPrice')}
        />
        {values.variantColor === OTHER && (
          <div className="sm:col-span-2">
            <TextField label="Custom colour" id="variant-custom-color" required maxLength={40} {...field('customColor')} />
          </div>
        )}
        <SelectField label="Size" id="variant-size" required {...field('variantSize')}>
          <option value="">Choose a size</option>
          {[...SIZE_PRESETS, OTHER].map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Size price (₹)"
          id="variant-size-price"
          required
          inputMode="decimal"
          placeholder="0.00"
          {...field('variantSizePrice')}
        />
        {values.variantSize === OTHER && (
          <div className="sm:col-span-2">
            <TextField label="Custom size" id="variant-custom-size" required maxLength={20} {...field('customSize')} />
          </div>
        )}
        <TextField label="Quantity" id="variant-quantity" required inputMode="numeric" {...field('quantity')} />
        <TextField label="Variant name" id="variant-name" maxLength={80} hint="Colour / size when left empty." {...field('variantName')} />
        <div className="sm:col-span-2">
          <TextAreaField
            label="Description (optional)"
            id="variant-description"
            rows={2}
            maxLength={500}
            {...field('variantDescription')}
          />
        </div>
        {error && (
          <p role="alert" className="text-sm font-medium text-wine-700 sm:col-span-2">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Submitting...' : 'Add Variant'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
