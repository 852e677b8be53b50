import { SHOP_TAGLINE } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { COMMAND_LINE } from '../audit/service.js';
import { useTestApp } from '../test/app.js';
import { DEMO_SETTINGS } from './service.js';

const t = useTestApp();

describe('shop settings', () => {
  it('starts with the demo record and the spec tagline', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/shop/settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { settings: DEMO_SETTINGS } });
    expect(DEMO_SETTINGS.tagline).toBe("Elegant women's clothing in traditional and modern styles.");
    expect(SHOP_TAGLINE).toBe(DEMO_SETTINGS.tagline);
  });

  it('keeps an edited record when defaults are ensured again (a restart)', async () => {
    await t.services.settings.update(COMMAND_LINE, {
      ...DEMO_SETTINGS,
      name: 'Meera Threads',
      state: 'Maharashtra',
      gstin: '27AAPFU0939F1ZV',
    });
    await t.services.settings.ensureExists();
    const settings = await t.services.settings.get();
    expect(settings.name).toBe('Meera Threads');
    expect(settings.state).toBe('Maharashtra');
  });

  it('keeps the opening hours the owner writes, and lets them be left out', async () => {
    expect(DEMO_SETTINGS.openingHours).toBe('Mon–Sat, 10 am – 7 pm IST');
    await t.services.settings.update(COMMAND_LINE, { ...DEMO_SETTINGS, openingHours: '  Tue–Sun, 11 am – 8 pm IST ' });
    expect((await t.services.settings.get()).openingHours).toBe('Tue–Sun, 11 am – 8 pm IST');
    await t.services.settings.update(COMMAND_LINE, { ...DEMO_SETTINGS, openingHours: '' });
    const response = await t.app.inject({ method: 'GET', url: '/api/shop/settings' });
    expect(response.json()).toEqual({ success: true, data: { settings: { ...DEMO_SETTINGS, openingHours: '' } } });
  });

  it('refuses an invalid GSTIN or state', async () => {
    await expect(t.services.settings.update(COMMAND_LINE, { ...DEMO_SETTINGS, gstin: 'NOT-A-GSTIN' })).rejects.toThrow(
      'Please enter a valid GSTIN',
    );
    await expect(t.services.settings.update(COMMAND_LINE, { ...DEMO_SETTINGS, state: 'Atlantis' as never })).rejects.toThrow(
      'Please choose a state',
    );
  });
});
