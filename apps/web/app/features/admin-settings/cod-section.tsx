import { Banknote } from 'lucide-react';
import { RupeeField, TextField } from '../../components/form-field';
import type { FieldErrors } from '../../lib/form';
import { codError, type CodFormValues } from './cod-form';
import { SettingsCheckbox, SettingsSection } from './settings-form';

/**
 * Cash on delivery (issue 41): off by default; on, the payment page offers it with its fee to bags within the limits,
 * and a shopper may have only so many COD orders not yet confirmed or delivered.
 */
export function CodSection({ values, errors }: { values: CodFormValues; errors: FieldErrors }) {
  return (
    <SettingsSection
      id="cod"
      icon={Banknote}
      title="Cash on delivery"
      description="Off: the payment page says Cash on Delivery is currently unavailable. On: shoppers may pay at the door, confirming each order with a code sent to their e-mail."
    >
      <SettingsCheckbox
        name="codEnabled"
        label="Offer cash on delivery"
        hint="Orders not confirmed within 24 hours are cancelled and their pieces go back on sale."
        error={codError(errors, 'enabled')}
        defaultChecked={values.codEnabled !== ''}
        className="sm:col-span-2"
      />
      <RupeeField
        label="COD fee ₹"
        name="codFee"
        defaultValue={values.codFee}
        error={codError(errors, 'fee')}
        hint="Added to the order's total; 0 for none. Taxed as shipping is."
      />
      <TextField
        label="Open COD orders per shopper"
        name="codMaxOpenPerShopper"
        type="number"
        inputMode="numeric"
        min={1}
        max={20}
        step={1}
        defaultValue={values.codMaxOpenPerShopper}
        error={codError(errors, 'maxOpenPerShopper')}
        hint="Not yet confirmed or not yet delivered, at most."
      />
      <RupeeField
        label="Minimum order ₹"
        name="codMinOrder"
        defaultValue={values.codMinOrder}
        error={codError(errors, 'minOrder')}
        hint="The bag's total with shipping; 0 for any order."
      />
      <RupeeField
        label="Maximum order ₹"
        name="codMaxOrder"
        defaultValue={values.codMaxOrder}
        error={codError(errors, 'maxOrder')}
        hint="Larger bags are paid online."
      />
    </SettingsSection>
  );
}
