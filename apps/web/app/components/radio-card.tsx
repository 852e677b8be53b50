import type { ReactNode } from 'react';

/**
 * One choice of a radio group drawn as a card: the whole card is the label (a 44 px target at least), outlined in
 * wine once chosen. A plain form field, so the choice posts without scripts.
 */
export function RadioCard({
  name,
  value,
  defaultChecked,
  invalid = false,
  children,
}: {
  name: string;
  value: string | number;
  defaultChecked: boolean;
  invalid?: boolean;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line p-3 text-sm has-[:checked]:border-wine-600 has-[:checked]:bg-wine-50">
      <input
        type="radio"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        aria-invalid={invalid ? true : undefined}
        className="mt-0.5 h-5 w-5 shrink-0 accent-wine-700"
      />
      <span className="min-w-0 flex-1">{children}</span>
    </label>
  );
}
