import { useState } from 'react';
import { Form, Link } from 'react-router';
import { useHydrated } from '../../components/enhanced';
import { SelectField, TextAreaField, TextField } from '../../components/form-field';
import { FormFailure } from '../../components/form-failure';
import { UrlModal, useClosedHref } from '../../components/url-modal';
import { useRefused, useSubmitting } from './form-answer';
import { COLOUR_PRESETS, EMPTY_VARIANT_FORM, OTHER, SIZE_PRESETS, type VariantFormValues } from './variant-form';

/**
 * Spec §2.16 'Add Variant': colour and size presets or 'Other' with text, their prices, quantity, description,
 * name. Posted to the page's action, which checks it (catalogue-actions.server.ts); a refusal shows its message
 * here and as a toast. The custom colour and size fields show when 'Other' is chosen, or always without scripts.
 */
function AddVariantForm() {
  const hydrated = useHydrated();
  const refused = useRefused<VariantFormValues>('addVariant');
  const busy = useSubmitting('addVariant');
  const closed = useClosedHref('addVariant');
  const values = { ...EMPTY_VARIANT_FORM, ...refused?.values };
  const [colour, setColour] = useState(values.variantColor);
  const [size, setSize] = useState(values.variantSize);
  const field = (name: keyof VariantFormValues & string, id: string) => ({
    id: `variant-${id}`,
    name,
    defaultValue: values[name],
    error: refused?.fields[name],
  });
  return (
    <Form method="post" noValidate preventScrollReset className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="addVariant" />
      <input type="hidden" name="_back" value={closed} />
      <SelectField label="Colour" required {...field('variantColor', 'color')} onChange={(event) => setColour(event.target.value)}>
        <option value="">Choose a colour</option>
        {[...COLOUR_PRESETS, OTHER].map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
      <TextField label="Colour price (₹)" required inputMode="decimal" placeholder="0.00" {...field('variantColorPrice', 'color-price')} />
      {(colour === OTHER || !hydrated) && (
        <div className="sm:col-span-2">
          <TextField
            label="Custom colour"
            maxLength={40}
            hint={hydrated ? undefined : "When the colour is 'Other'."}
            {...field('customColor', 'custom-color')}
          />
        </div>
      )}
      <SelectField label="Size" required {...field('variantSize', 'size')} onChange={(event) => setSize(event.target.value)}>
        <option value="">Choose a size</option>
        {[...SIZE_PRESETS, OTHER].map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
      <TextField label="Size price (₹)" required inputMode="decimal" placeholder="0.00" {...field('variantSizePrice', 'size-price')} />
      {(size === OTHER || !hydrated) && (
        <div className="sm:col-span-2">
          <TextField
            label="Custom size"
            maxLength={20}
            hint={hydrated ? undefined : "When the size is 'Other'."}
            {...field('customSize', 'custom-size')}
          />
        </div>
      )}
      <TextField label="Quantity" required inputMode="numeric" {...field('quantity', 'quantity')} />
      <TextField label="Variant name" maxLength={80} hint="Colour / size when left empty." {...field('variantName', 'name')} />
      <div className="sm:col-span-2">
        <TextAreaField label="Description (optional)" rows={2} maxLength={500} {...field('variantDescription', 'description')} />
      </div>
      <FormFailure failure={refused} className="sm:col-span-2" />
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Link to={closed} replace preventScrollReset className="btn btn-outline">
          Cancel
        </Link>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Submitting...' : 'Add Variant'}
        </button>
      </div>
    </Form>
  );
}

/** The 'Add Variant' dialog, open while the address says `?addVariant`. */
export function AddVariantDialog() {
  return (
    <UrlModal name="addVariant" title="Add Variant" width="xl">
      <AddVariantForm />
    </UrlModal>
  );
}
