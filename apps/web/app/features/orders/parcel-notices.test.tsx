import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FailedDeliveryNotice, ReturnPickupNotice } from './parcel-notices';

// Issue 42, continued: what the shopper's order page says after the courier failed, and about her return's pickup.

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('FailedDeliveryNotice', () => {
  it('says the attempt, the courier’s reason and what happens next', () => {
    const attempt = { attempt: 2, reason: 'Door locked', at: '2026-11-29 15:39:00', reattemptRequested: false };
    expect(text(renderToStaticMarkup(<FailedDeliveryNotice order={{ failedDelivery: attempt }} />))).toBe(
      'The courier could not deliver your parcel (attempt 2: Door locked). They will try again; if your address or phone number needs a change, contact us.',
    );
    expect(
      text(renderToStaticMarkup(<FailedDeliveryNotice order={{ failedDelivery: { ...attempt, reattemptRequested: true } }} />)),
    ).toMatch(/We have asked them to try again\.$/);
  });

  it('says nothing without a failed attempt', () => {
    expect(renderToStaticMarkup(<FailedDeliveryNotice order={{ failedDelivery: null }} />)).toBe('');
    expect(renderToStaticMarkup(<FailedDeliveryNotice order={{}} />)).toBe('');
  });
});

describe('ReturnPickupNotice', () => {
  const pickup = {
    status: 'booked' as const,
    awb: '4699902015',
    courierName: 'Delhivery Surface',
    trackingUrl: 'https://shiprocket.co/tracking/4699902015',
    pickupScheduled: null,
    failure: null,
  };

  it('says the pickup in her words, with its tracking link once it has an AWB', () => {
    const html = renderToStaticMarkup(<ReturnPickupNotice order={{ returnPickup: pickup }} />);
    expect(text(html)).toBe('A courier will collect your return from your address. Tracking 4699902015');
    expect(html).toContain('href="https://shiprocket.co/tracking/4699902015"');
  });

  it('never shows her the shop’s booking failure, and nothing while booking', () => {
    const failed = { ...pickup, status: 'failed' as const, awb: null, trackingUrl: null, failure: 'Shiprocket is not working right now' };
    expect(text(renderToStaticMarkup(<ReturnPickupNotice order={{ returnPickup: failed }} />))).toBe(
      'We are arranging a courier to collect your return.',
    );
    expect(renderToStaticMarkup(<ReturnPickupNotice order={{ returnPickup: { ...failed, status: 'booking' } }} />)).toBe('');
  });
});
