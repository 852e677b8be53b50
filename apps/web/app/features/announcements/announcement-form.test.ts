import { describe, expect, it } from 'vitest';
import { announcementFormValues, announcementPayload, type AnnouncementFormValues } from './announcement-form';

const CATEGORY = '5d0c7e8a-4b1f-4c2d-9e3a-1f2b3c4d5e6f';
const form = (fields: Partial<AnnouncementFormValues>): AnnouncementFormValues => ({
  kind: 'offer',
  title: 'Sarees at 30% off and more',
  body: 'Every saree in it.',
  link: '',
  offerMinDiscount: '30',
  offerCategoryId: CATEGORY,
  expiresOn: '',
  ...fields,
});

describe('the back-office announcement form (issue 28)', () => {
  it('sends an offer as its saved filter, never a typed link, and a last day as the next India midnight', () => {
    expect(announcementPayload(form({ link: '/filter?minDiscount=5', expiresOn: '2026-11-30' })).data).toEqual({
      kind: 'offer',
      title: 'Sarees at 30% off and more',
      body: 'Every saree in it.',
      link: null,
      offerMinDiscount: 30,
      offerCategoryId: CATEGORY,
      expiresAt: new Date('2026-11-30T18:30:00Z'),
    });
    expect(announcementPayload(form({ offerCategoryId: '' })).data).toMatchObject({ offerCategoryId: null, expiresAt: null });
  });

  it('names the field that is wrong', () => {
    for (const offerMinDiscount of ['', '0', '91', '12.5', 'ten'])
      expect(Object.keys(announcementPayload(form({ offerMinDiscount })).errors ?? {}), offerMinDiscount).toEqual(['offerMinDiscount']);
    expect(announcementPayload(form({ offerCategoryId: 'sarees' })).errors).toEqual({
      offerCategoryId: 'Please choose a category from the list.',
    });
    expect(announcementPayload(form({ kind: 'news', link: 'https://evil.example' })).errors).toHaveProperty('link');
  });

  it('keeps a collection’s link and drops its offer fields', () => {
    expect(announcementPayload(form({ kind: 'collection', link: '/filter?category=sarees' })).data).toMatchObject({
      link: '/filter?category=sarees',
      offerMinDiscount: null,
      offerCategoryId: null,
    });
  });

  it('fills the form from a saved announcement: its last day in India', () => {
    expect(
      announcementFormValues({
        _id: 'a1',
        kind: 'offer',
        title: 'Sale',
        body: 'On.',
        link: '/filter?minDiscount=30',
        offerMinDiscount: 30,
        offerCategoryId: null,
        publishedAt: '2026-11-20T00:00:00.000Z',
        expiresAt: '2026-11-30T18:30:00.000Z',
      }),
    ).toEqual({
      kind: 'offer',
      title: 'Sale',
      body: 'On.',
      link: '',
      offerMinDiscount: '30',
      offerCategoryId: '',
      expiresOn: '2026-11-30',
    });
  });
});
