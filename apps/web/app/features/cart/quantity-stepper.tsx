import { Minus, Plus } from 'lucide-react';

const STEP =
  'flex h-10 w-10 items-center justify-center text-wine-700 hover:bg-wine-50 aria-disabled:cursor-not-allowed aria-disabled:text-muted/60 aria-disabled:hover:bg-transparent';

/**
 * − n + for one cart line, from 1 to `max`, inside the line's form: each button posts the new `quantity`. At a
 * limit (or while a change is saved) a button is aria-disabled rather than disabled, so a keyboard user's focus
 * stays on it, and is a plain button that posts nothing. The buttons name the item for screen readers.
 */
export function QuantityStepper({
  value,
  max,
  itemName,
  disabled = false,
  describedBy,
}: {
  value: number;
  max: number;
  itemName: string;
  disabled?: boolean;
  /** The id of what says why '+' stopped ('Only 2 left'). */
  describedBy?: string;
}) {
  const down = !disabled && value > 1;
  const up = !disabled && value < max;
  return (
    <div role="group" aria-label={`Quantity of ${itemName}`} className="inline-flex items-center rounded-full border border-line bg-white">
      <button
        type={down ? 'submit' : 'button'}
        name={down ? 'quantity' : undefined}
        value={down ? value - 1 : undefined}
        className={`${STEP} rounded-l-full`}
        aria-label={`Decrease quantity of ${itemName}`}
        aria-disabled={!down}
      >
        <Minus aria-hidden="true" className="h-4 w-4" />
      </button>
      <output aria-live="polite" className="min-w-8 text-center text-sm font-semibold tabular-nums">
        {value}
      </output>
      <button
        type={up ? 'submit' : 'button'}
        name={up ? 'quantity' : undefined}
        value={up ? value + 1 : undefined}
        className={`${STEP} rounded-r-full`}
        aria-label={`Increase quantity of ${itemName}`}
        aria-disabled={!up}
        aria-describedby={describedBy}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}
