import { deliveryCheck, isPincode, istDayStart, istWeekdayDate, type PincodeDetails } from '@shop/core';
import { MapPin } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';

const ZONE_NAMES = { metro: 'metro city', tier2And3: 'city', remote: 'remote area' } as const;

/** 'Thu, 27 Nov' for a YYYY-MM-DD day of India's calendar. */
const dayLabel = (day: string) => istWeekdayDate(istDayStart(day));

const MALFORMED = 'Enter a 6-digit pincode, like 560011.';

/**
 * The product page's 'Check delivery' box: the latest delivery day to a pincode, from the shop's policy windows,
 * for a pincode India Post's directory knows (`lookup`: GET /api/user/pincode/{pincode}); an unknown one is told so.
 */
export function PincodeCheck({ lookup }: { lookup: (pincode: string) => Promise<PincodeDetails | null> }) {
  const inputId = useId();
  const [pincode, setPincode] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const latest = useRef('');
  const check = (event: FormEvent) => {
    event.preventDefault();
    const typed = pincode.trim();
    latest.current = typed;
    if (!isPincode(typed)) return setAnswer({ ok: false, text: MALFORMED });
    lookup(typed).then(
      (place) => {
        if (latest.current !== typed) return;
        const result = deliveryCheck(typed, place, new Date());
        setAnswer(
          result.ok
            ? { ok: true, text: `Delivery by ${dayLabel(result.day)} to ${typed} (${ZONE_NAMES[result.zone]}).` }
            : result.reason === 'unknown'
              ? { ok: false, text: `We could not find pincode ${typed}, so we cannot promise a delivery day. Please check it.` }
              : { ok: false, text: MALFORMED },
        );
      },
      () => latest.current === typed && setAnswer({ ok: false, text: 'Could not check this pincode just now. Please try again.' }),
    );
  };
  return (
    <form onSubmit={check} className="mt-3" noValidate>
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
