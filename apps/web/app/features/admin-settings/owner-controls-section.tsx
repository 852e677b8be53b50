import { SlidersHorizontal } from 'lucide-react';
import { TextField } from '../../components/form-field';
import type { FieldErrors } from '../../lib/form';
import { controlError, type ControlsFormValues } from './owner-controls-form';
import { SettingsSection } from './settings-form';

/**
 * The owner's controls (issue 40): how much staff may hand back at the counter and when, and where stock runs low.
 * Only the owner sees them (the Settings page is hers); never on the storefront.
 */
export function OwnerControlsSection({ values, errors }: { values: ControlsFormValues; errors: FieldErrors }) {
  const sameDayError = controlError(errors, 'staffReturnsSameDayOnly');
  return (
    <SettingsSection
      id="controls"
      icon={SlidersHorizontal}
      title="Owner's controls"
      description="What staff may do without you, and when the dashboard warns that stock is running low."
    >
      <TextField
        label="Staff may do counter returns up to ₹"
        name="staffReturnMax"
        inputMode="decimal"
        autoComplete="off"
        maxLength={14}
        defaultValue={values.staffReturnMax}
        error={controlError(errors, 'staffReturnMaxPaise')}
        hint="Per credit note. 0: you do all returns yourself."
      />
      {/* Beside the amount on wide screens: both are the returns rule. */}
      <div className="sm:pt-7">
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-ink">
          <input
            type="checkbox"
            name="staffReturnsSameDayOnly"
            defaultChecked={values.staffReturnsSameDayOnly !== ''}
            aria-invalid={sameDayError ? true : undefined}
            aria-describedby={sameDayError ? 'staffReturnsSameDayOnly-error' : 'staffReturnsSameDayOnly-hint'}
            className="h-5 w-5 shrink-0 accent-wine-700"
          />
          Only on the day of the bill
        </label>
        {!sameDayError && (
          <p id="staffReturnsSameDayOnly-hint" className="ml-8 text-xs text-muted">
            Returns of an earlier day&apos;s bill are yours, whatever the amount.
          </p>
        )}
        {sameDayError && (
          <p id="staffReturnsSameDayOnly-error" role="alert" className="mt-1 text-sm font-medium text-wine-700">
            {sameDayError}
          </p>
        )}
      </div>
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
