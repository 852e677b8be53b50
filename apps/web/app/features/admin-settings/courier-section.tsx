import { COURIER_CHOICES, courierChoiceSchema, type CourierChoice } from '@shop/core';
import { Truck } from 'lucide-react';
import { RadioCard } from '../../components/radio-card';
import type { FieldErrors } from '../../lib/form';
import { SettingsSection } from './settings-form';

/** The field the Settings page posts (issue 42): the owner's default courier, Cheapest or Fastest. */
export const COURIER_FIELDS = ['courierChoice'] as const;
export type CourierFormValues = Record<(typeof COURIER_FIELDS)[number], string>;

const CHOICES: Record<CourierChoice, { label: string; hint: string }> = {
  cheapest: { label: 'Cheapest', hint: 'The lowest rate to the pincode; the faster of two at one rate.' },
  fastest: { label: 'Fastest', hint: 'The fewest days to the pincode; the cheaper of two as fast.' },
};

/** The typed choice checked with the API's schema: the choice, or the message under its field. */
export function parseCourierChoice(
  values: CourierFormValues,
): { courierChoice: CourierChoice; errors?: undefined } | { errors: FieldErrors } {
  const checked = courierChoiceSchema.safeParse(values.courierChoice);
  return checked.success ? { courierChoice: checked.data } : { errors: { courierChoice: checked.error.issues[0]!.message } };
}

/**
 * The courier a booking takes when the owner ships with one press ('Ship with courier', or several at once): the
 * cheapest or the fastest of the couriers that reach the pincode. On the order page she can still pick another.
 */
export function CourierSection({ values, errors }: { values: CourierFormValues; errors: FieldErrors }) {
  const error = errors.courierChoice;
  return (
    <SettingsSection
      id="courier"
      icon={Truck}
      title="Default courier"
      description="Which courier 'Ship with courier' books, from those that reach the shopper's pincode. The order page lists every courier with its rate if you want another."
    >
      <fieldset className="sm:col-span-2" aria-describedby={error ? 'courierChoice-error' : undefined}>
        <legend className="text-sm font-medium text-ink">Book the</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {COURIER_CHOICES.map((choice) => (
            <RadioCard key={choice} name="courierChoice" value={choice} defaultChecked={values.courierChoice === choice} invalid={!!error}>
              <span className="block font-semibold text-ink">{CHOICES[choice].label}</span>
              <span className="block text-xs text-muted">{CHOICES[choice].hint}</span>
            </RadioCard>
          ))}
        </div>
        {error && (
          <p id="courierChoice-error" role="alert" className="mt-1 text-sm font-medium text-wine-700">
            {error}
          </p>
        )}
      </fieldset>
    </SettingsSection>
  );
}
