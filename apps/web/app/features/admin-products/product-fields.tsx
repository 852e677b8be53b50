import { PRODUCT_STATUSES, type AdminCategory, type PackageSize } from '@shop/core';
import { SelectField, TextAreaField, TextField } from '../../components/form-field';
import { PackageFields } from './package-fields';
import type { ProductFormValues } from './product-form';

export const STATUS_LABELS = { draft: 'Draft', active: 'Active', archived: 'Archived' } as const;

/**
 * Every field of a product, as the new-product form and the product view both post them: `values` are what the
 * fields start with (the product, or what was typed into a refused form), `errors` the messages beside them.
 */
export function ProductFields({
  values,
  errors = {},
  categories,
  idPrefix,
  categoryHsnCode,
  categoryPackage,
}: {
  values: ProductFormValues;
  errors?: Record<string, string> | undefined;
  categories: readonly AdminCategory[];
  idPrefix: string;
  /** The saved category's code, which a blank HSN code falls back to. */
  categoryHsnCode?: string | null | undefined;
  /** The saved category's parcel, which blank parcel fields fall back to; a new product: the chosen category's. */
  categoryPackage?: PackageSize | undefined;
}) {
  const field = (name: keyof ProductFormValues & string, id: string) => ({
    id: `${idPrefix}-${id}`,
    name,
    defaultValue: values[name],
    error: errors[name],
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField label="Name" required maxLength={120} {...field('productName', 'name')} />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField label="Description" rows={4} maxLength={5000} {...field('productDescription', 'description')} />
      </div>
      <SelectField label="Category" {...field('category', 'category')}>
        <option value="">-</option>
        {categories.map((category) => (
          <option key={category._id} value={category._id}>
            {category.categoryName}
          </option>
        ))}
      </SelectField>
      <SelectField label="Status" {...field('status', 'status')}>
        {PRODUCT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <TextField label="Price (₹)" required inputMode="decimal" placeholder="1299.00" {...field('productPrice', 'price')} />
      <TextField label="Discount (%)" inputMode="numeric" {...field('productDiscount', 'discount')} />
      <TextField
        label="Stock"
        inputMode="numeric"
        hint="The product's own pieces, sold when it has no variants."
        {...field('productStock', 'stock')}
      />
      <TextField
        label="HSN code"
        inputMode="numeric"
        maxLength={8}
        placeholder={categoryHsnCode ?? '5007'}
        hint={`4–8 digits; it decides the GST rate (fabric and sarees, 50–55: 5 %). Blank: the category's${categoryHsnCode ? ` (${categoryHsnCode})` : ''}.`}
        {...field('hsnCode', 'hsn')}
      />
      <div className="sm:col-span-2">
        <PackageFields values={values} errors={errors} idPrefix={idPrefix} optional fallback={categoryPackage} />
      </div>
    </div>
  );
}
