import { PRODUCT_STATUSES, type AdminCategory } from '@shop/core';
import { SelectField, TextAreaField, TextField } from '../../components/form-field';
import type { ProductFormValues } from './product-form';

export const STATUS_LABELS = { draft: 'Draft', active: 'Active', archived: 'Archived' } as const;

type Field = (name: keyof ProductFormValues & string) => {
  name: string;
  value: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
  error?: string | undefined;
};

/** Every field of a product, as the new-product form and the product view both edit them. */
export function ProductFields({ field, categories, idPrefix }: { field: Field; categories: readonly AdminCategory[]; idPrefix: string }) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField label="Name" id={id('name')} required maxLength={120} {...field('productName')} />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField label="Description" id={id('description')} rows={4} maxLength={5000} {...field('productDescription')} />
      </div>
      <SelectField label="Category" id={id('category')} {...field('category')}>
        <option value="">-</option>
        {categories.map((category) => (
          <option key={category._id} value={category._id}>
            {category.categoryName}
          </option>
        ))}
      </SelectField>
      <SelectField label="Status" id={id('status')} {...field('status')}>
        {PRODUCT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <TextField label="Price (₹)" id={id('price')} required inputMode="decimal" placeholder="1299.00" {...field('productPrice')} />
      <TextField label="Discount (%)" id={id('discount')} inputMode="numeric" {...field('productDiscount')} />
      <TextField
        label="Stock"
        id={id('stock')}
        inputMode="numeric"
        hint="The product's own pieces, sold when it has no variants."
        {...field('productStock')}
      />
    </div>
  );
}
