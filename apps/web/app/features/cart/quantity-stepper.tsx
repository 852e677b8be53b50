import { Minus, Plus } from 'lucide-react';

const STEP =
  'flex h-10 w-10 items-center justify-center text-wine-700 hover:bg-wine-50 aria-disabled:cursor-not-allowed aria-disabled:text-muted/60 aria-disabled:hover:bg-transparent';

/**
 * − n + for one cart line, from 1 to `max`; the buttons name the item for screen readers. They are
 * aria-disabled rather than disabled, so a keyboard user's focus stays on the button while a change is saved.
 */
export function QuantityStepper({
  value,
  max,
  itemName,
  disabled = false,
  onChange,
}: {
  value: number;
  max: number;
  itemName: string;
  disabled?: boolean;
  onChange: (quantity: number) => void;
}) {
  return (
    <div role="group" aria-label={`Quantity of ${itemName}`} className="inline-flex items-center rounded-full border border-line bg-white">
      <button
        type="button"
        className={`${STEP} rounded-l-full`}
        aria-label={`Decrease quantity of ${itemName}`}
        aria-disabled={disabled || value <= 1}
        onClick={() => !disabled && value > 1 && onChange(value - 1)}
      >
        <Minus aria-hidden="true" className="h-4 w-4" />
      </button>
      <output aria-live="polite" className="min-w-8 text-center text-sm font-semibold tabular-nums">
        {value}
      </output>
      <button
        type="button"
        className={`${STEP} rounded-r-full`}
        aria-label={`Increase quantity of ${itemName}`}
        aria-disabled={disabled || value >= max}
        onClick={() => !disabled && value < max && onChange(value + 1)}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}
