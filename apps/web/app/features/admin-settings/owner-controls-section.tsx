import { SlidersHorizontal } from 'lucide-react';
import { RupeeField, TextField } from '../../components/form-field';
import type { FieldErrors } from '../../lib/form';
import { controlError, type ControlsFormValues } from './owner-controls-form';
import { SettingsCheckbox, SettingsSection } from './settings-form';

/**
 * The owner's controls (issue 40): how much staff may hand back at the counter and when, and where stock runs low.
 * Only the owner sees them (the Settings page is hers); never on the storefront.
 */
export function OwnerControlsSection({ values, errors }: { values: ControlsFormValues; errors: FieldErrors }) {
  return (
    <SettingsSection
      id="controls"
      icon={SlidersHorizontal}
      title="Owner's controls"
      description="What staff may do without you, and when the dashboard warns that stock is running low."
    >
      <RupeeField
        label="Staff may do counter returns up to ₹"
        name="staffReturnMax"
        defaultValue={values.staffReturnMax}
        error={controlError(errors, 'staffReturnMaxPaise')}
        hint="Per credit note. 0: you do all returns yourself."
      />
      {/* Beside the amount on wide screens: both are the returns rule. */}
      <SettingsCheckbox
        name="staffReturnsSameDayOnly"
        label="Only on the day of the bill"
        hint={<>Returns of an earlier day&apos;s bill are yours, whatever the amount.</>}
        error={controlError(errors, 'staffReturnsSameDayOnly')}
        defaultChecked={values.staffReturnsSameDayOnly !== ''}
        className="sm:pt-7"
      />
      <TextField
        label="Running low at (pieces)"
        name="lowStockThreshold"
        type="number"
        inputMode="numeric"
        min={1}
        max={1000}
        step={1}
        defaultValue={values.lowStockThreshold}
        error={controlError(errors, 'lowStockThreshold')}
        hint="A variant with this many pieces or fewer (but not sold out) counts as running low."
      />
    </SettingsSection>
  );
}
