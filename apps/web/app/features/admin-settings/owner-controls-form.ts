import { ownerControlsSchema, paiseToDecimal, parseRupees, type OwnerControls } from '@shop/core';
import type { FieldErrors } from '../../lib/form';

/**
 * The owner's controls as the Settings page posts them (issue 40): the staff limit in rupees as typed (the API takes
 * paise), the same-day rule as a checkbox (absent when unticked), the threshold in pieces.
 */
export const CONTROL_FIELDS = ['staffReturnMax', 'staffReturnsSameDayOnly', 'lowStockThreshold'] as const;
export type ControlsFormValues = Record<(typeof CONTROL_FIELDS)[number], string>;

/** The form's field of each control, for a refusal the API names `controls.<control>`. */
const FORM_FIELD_OF: Record<keyof OwnerControls, (typeof CONTROL_FIELDS)[number]> = {
  staffReturnMaxPaise: 'staffReturnMax',
  staffReturnsSameDayOnly: 'staffReturnsSameDayOnly',
  lowStockThreshold: 'lowStockThreshold',
};

/** The saved controls as the form shows them: ₹ with paise only when there are any. */
export const controlsFormValues = (controls: OwnerControls): ControlsFormValues => ({
  staffReturnMax: paiseToDecimal(controls.staffReturnMaxPaise).replace(/\.00$/, ''),
  staffReturnsSameDayOnly: controls.staffReturnsSameDayOnly ? 'on' : '',
  lowStockThreshold: String(controls.lowStockThreshold),
});

/** A message for a control, whether the page's check named it by its form field or the API by `controls.<name>`. */
export function controlError(errors: FieldErrors, control: keyof OwnerControls): string | undefined {
  return errors[FORM_FIELD_OF[control]] ?? errors[`controls.${control}`];
}

const AMOUNT = 'Please enter an amount in rupees, like 500 or 1,500.50; 0 means the owner does all returns.';
const PIECES = 'Please enter a whole number of pieces, like 3.';

/** The typed controls checked with the API's schema: the controls, or each message under its form field. */
export function parseControls(values: ControlsFormValues): { controls: OwnerControls; errors?: undefined } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const typed = values.staffReturnMax.trim();
  // A minus typed is the schema's refusal in words (no negative limit); anything else unreadable, the example.
  const paise = typed.startsWith('-') ? -1 : parseRupees(typed);
  if (paise === null) errors.staffReturnMax = AMOUNT;
  const pieces = values.lowStockThreshold.trim();
  if (!/^\d{1,6}$/.test(pieces)) errors.lowStockThreshold = PIECES;
  const checked = ownerControlsSchema.safeParse({
    staffReturnMaxPaise: paise ?? 0,
    staffReturnsSameDayOnly: values.staffReturnsSameDayOnly !== '',
    lowStockThreshold: errors.lowStockThreshold ? 1 : Number(pieces),
  });
  if (!checked.success) {
    for (const issue of checked.error.issues) errors[FORM_FIELD_OF[issue.path[0] as keyof OwnerControls]] ??= issue.message;
  }
  return checked.success && Object.keys(errors).length === 0 ? { controls: checked.data } : { errors };
}
