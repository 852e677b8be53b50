import { BUSINESS_BUYER_LABELS } from '@shop/core';
import { ChevronDown } from 'lucide-react';
import { TextField } from '../../components/form-field';

/** What the business fields hold: as last posted (a refused form), else as carried in checkout's state. */
export interface BusinessPurchaseValues {
  buyerGstin: string;
  buyerName: string;
}

/**
 * For business purchases (issue 43): a GSTIN and business name for the tax invoice, optional, in a native disclosure
 * (no script needed), open when something is typed or refused. Posted with Proceed to Payment.
 */
export function BusinessPurchase({ values, errors }: { values: BusinessPurchaseValues; errors: Record<string, string | undefined> }) {
  const open = Boolean(values.buyerGstin || values.buyerName || errors.buyerGstin || errors.buyerName);
  return (
    <details open={open} className="group rounded-xl border border-line" data-testid="business-purchase">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-2 font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine-600 [&::-webkit-details-marker]:hidden">
        <span>
          {BUSINESS_BUYER_LABELS.section} <span className="font-normal text-muted">(optional)</span>
        </span>
        <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0 transition-transform group-open:rotate-180" />
      </summary>
      <div className="grid gap-4 border-t border-line px-4 pb-4 pt-3 sm:grid-cols-2">
        <p className="text-sm text-muted sm:col-span-2">{BUSINESS_BUYER_LABELS.help}</p>
        <TextField
          label={BUSINESS_BUYER_LABELS.gstin}
          name="buyerGstin"
          defaultValue={values.buyerGstin}
          error={errors.buyerGstin}
          hint="15 characters, like 29ABCDE1234F1ZW"
          maxLength={20}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <TextField
          label={BUSINESS_BUYER_LABELS.name}
          name="buyerName"
          defaultValue={values.buyerName}
          error={errors.buyerName}
          hint="As registered for GST"
          maxLength={120}
          autoComplete="organization"
        />
      </div>
    </details>
  );
}
