import { isPincode, type DeliveryEstimateAnswer, type PincodeDetails } from '@shop/core';
import { MapPin } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { MALFORMED_PINCODE, pincodeAnswer, type PincodeAnswer } from './pincode-answer';

/** The check's place on the page: a submit without scripts comes back scrolled to its answer. */
export const DELIVERY_CHECK_ID = 'delivery-check';

/**
 * The product page's 'Check delivery' box: the latest delivery day to a pincode, from the shop's policy windows,
 * for a pincode India Post's directory knows (`lookup`: GET /api/user/pincode/{pincode}); an unknown one is told so.
 * Without scripts it is a GET form on the product's own URL (?pincode=, the colour and size kept): the page's
 * loader answers it as `initial`. With scripts it asks `lookup` in place.
 */
export function PincodeCheck({
  lookup,
  estimate,
  initial,
}: {
  lookup: (pincode: string) => Promise<PincodeDetails | null>;
  /** The couriers' date for the pincode (issue 42); null keeps the rule of thumb. */
  estimate: (pincode: string) => Promise<DeliveryEstimateAnswer | null>;
  initial?: { pincode: string; answer: PincodeAnswer } | null;
}) {
  const inputId = useId();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const [pincode, setPincode] = useState(initial?.pincode ?? '');
  const [answer, setAnswer] = useState<PincodeAnswer | null>(initial?.answer ?? null);
  const latest = useRef('');
  const check = (event: FormEvent) => {
    event.preventDefault();
    const typed = pincode.trim();
    latest.current = typed;
    if (!isPincode(typed)) return setAnswer({ ok: false, text: MALFORMED_PINCODE });
    Promise.all([lookup(typed), estimate(typed)]).then(
      ([place, courier]) => latest.current === typed && setAnswer(pincodeAnswer(typed, place, new Date(), courier)),
      () => latest.current === typed && setAnswer({ ok: false, text: 'Could not check this pincode just now. Please try again.' }),
    );
  };
  // Everything else the URL holds (colour, size, the reviews' page) goes along with the pincode.
  const kept = [...searchParams].filter(([name]) => name !== 'pincode');
  return (
    <form
      id={DELIVERY_CHECK_ID}
      method="get"
      action={`${pathname}#${DELIVERY_CHECK_ID}`}
      onSubmit={check}
      className="mt-3 scroll-mt-24"
      noValidate
    >
      {kept.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={inputId} className="font-semibold">
        Check delivery to your pincode
      </label>
      <div className="mt-2 flex gap-2">
        <div className="relative flex-1">
          <MapPin aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" />
          <input
            id={inputId}
            name="pincode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            placeholder="Pincode"
            value={pincode}
            onChange={(event) => setPincode(event.target.value.replace(/\D/g, ''))}
            aria-invalid={answer ? !answer.ok : undefined}
            aria-describedby={answer ? `${inputId}-answer` : undefined}
            className="block min-h-11 w-full rounded-xl border border-line bg-white pl-9 pr-3.5 text-base text-ink outline-none placeholder:text-muted/70 focus:border-wine-600 focus:ring-2 focus:ring-wine-100 aria-[invalid=true]:border-wine-600 sm:text-sm"
          />
        </div>
        <button type="submit" className="btn btn-outline min-h-11 px-5">
          Check
        </button>
      </div>
      <p id={`${inputId}-answer`} role="status" className={`mt-2 min-h-5 ${answer?.ok === false ? 'text-wine-700' : 'text-green-800'}`}>
        {answer?.text}
      </p>
    </form>
  );
}
