import { codSettingsSchema, paiseToDecimal, parseRupees, type CodSettings } from '@shop/core';
import type { FieldErrors } from '../../lib/form';

/**
 * Cash on delivery as the Settings page posts it (issue 41): on as a checkbox (absent when unticked), the fee and the
 * order limits in rupees as typed (the API takes paise), the open orders a shopper may have as a number.
 */
export const COD_FIELDS = ['codEnabled', 'codFee', 'codMinOrder', 'codMaxOrder', 'codMaxOpenPerShopper'] as const;
export type CodFormValues = Record<(typeof COD_FIELDS)[number], string>;

/** The form's field of each setting, for a refusal the API names `cod.<name>`. */
const FORM_FIELD_OF: Record<keyof CodSettings, (typeof COD_FIELDS)[number]> = {
  enabled: 'codEnabled',
  fee: 'codFee',
  minOrder: 'codMinOrder',
  maxOrder: 'codMaxOrder',
  maxOpenPerShopper: 'codMaxOpenPerShopper',
};

const rupees = (paise: number) => paiseToDecimal(paise).replace(/\.00$/, '');

/** The saved setting as the form shows it: ₹ with paise only when there are any. */
export const codFormValues = (cod: CodSettings): CodFormValues => ({
  codEnabled: cod.enabled ? 'on' : '',
  codFee: rupees(cod.fee),
  codMinOrder: rupees(cod.minOrder),
  codMaxOrder: rupees(cod.maxOrder),
  codMaxOpenPerShopper: String(cod.maxOpenPerShopper),
});

/** A message for a setting, whether the page's check named it by its form field or the API by `cod.<name>`. */
export function codError(errors: FieldErrors, setting: keyof CodSettings): string | undefined {
  return errors[FORM_FIELD_OF[setting]] ?? errors[`cod.${setting}`];
}

const AMOUNT = 'Please enter an amount in rupees, like 49 or 1,500.50.';
const ORDERS = 'Please enter a whole number of orders, like 2.';

/** The typed setting checked with the API's schema: the setting, or each message under its form field. */
export function parseCod(values: CodFormValues): { cod: CodSettings; errors?: undefined } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const amount = (field: 'codFee' | 'codMinOrder' | 'codMaxOrder') => {
    const typed = values[field].trim();
    // A minus typed is the schema's refusal in words (no negative amount); anything else unreadable, the example.
    const paise = typed.startsWith('-') ? -1 : parseRupees(typed);
    if (paise === null) errors[field] = AMOUNT;
    return paise ?? 0;
  };
  const fee = amount('codFee');
  const minOrder = amount('codMinOrder');
  const maxOrder = amount('codMaxOrder');
  const open = values.codMaxOpenPerShopper.trim();
  if (!/^\d{1,4}$/.test(open)) errors.codMaxOpenPerShopper = ORDERS;
  const checked = codSettingsSchema.safeParse({
    enabled: values.codEnabled !== '',
    fee,
    minOrder,
    maxOrder: errors.codMaxOrder ? Math.max(minOrder, 1) : maxOrder,
    maxOpenPerShopper: errors.codMaxOpenPerShopper ? 1 : Number(open),
  });
  if (!checked.success) {
    for (const issue of checked.error.issues) errors[FORM_FIELD_OF[issue.path[0] as keyof CodSettings]] ??= issue.message;
  }
  return checked.success && Object.keys(errors).length === 0 ? { cod: checked.data } : { errors };
}
