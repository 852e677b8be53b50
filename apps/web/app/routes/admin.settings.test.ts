import {
  AppError,
  DEFAULT_COD_SETTINGS,
  type CourierChoice,
  DEFAULT_OWNER_CONTROLS,
  OWNER_ONLY,
  type ShopSettings,
  type UpdateSettings,
} from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { OWNER, OWNER_ACTOR, STAFF, get, post, settled } from '../features/admin/admin-test-kit';
import { action, loader, SETTINGS_SAVED } from './admin.settings';

const SAVED: ShopSettings = {
  name: 'Meenakshi Silks',
  legalName: 'Meenakshi Silks Private Limited',
  tagline: 'Kanchipuram silks since 1962',
  logoUrl: '/logo.svg',
  address: '22 Usman Road, T. Nagar, Chennai 600017',
  phone: '+91 44 2434 1122',
  email: 'care@meenakshisilks.example',
  socialHandle: '@meenakshisilks',
  openingHours: 'Mon–Sun, 10 am – 9 pm IST',
  gstin: '33AAACH7409R1Z8',
  state: 'Tamil Nadu',
};
const fields = (overrides: Partial<Record<keyof ShopSettings, string>> = {}) => ({ ...SAVED, ...overrides }) as Record<string, string>;

const settingsStub = () => ({
  getForOwner: vi.fn(async () => ({
    settings: SAVED,
    savedAt: null,
    controls: DEFAULT_OWNER_CONTROLS,
    cod: DEFAULT_COD_SETTINGS,
    courierChoice: 'cheapest' as CourierChoice,
  })),
  update: vi.fn(
    async (
      _actor: unknown,
      { controls = DEFAULT_OWNER_CONTROLS, cod = DEFAULT_COD_SETTINGS, courierChoice = 'cheapest', ...input }: UpdateSettings,
    ) => ({
      settings: input,
      savedAt: '2026-11-29T04:00:00.000Z',
      controls,
      cod,
      courierChoice,
    }),
  ),
  saveLogo: vi.fn(async () => '/media/logo/0123456789abcdef0123-240.webp'),
});

/** The page's form posted as the browser sends it with a file chosen: multipart, its length declared. */
async function multipartPost(values: Record<string, string>, file: Blob, settings: ReturnType<typeof settingsStub>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  form.set('logo', file, 'logo.png');
  const encoded = new Response(form);
  const body = await encoded.arrayBuffer();
  const args = post('/admin/settings', {}, { admin: OWNER, services: { settings } });
  const request = new Request('http://localhost/admin/settings', {
    method: 'POST',
    headers: { 'content-type': encoded.headers.get('content-type')!, 'content-length': String(body.byteLength) },
    body,
  });
  return settled(() => action({ ...args, request }));
}

describe('the Settings page (issue 39)', () => {
  it("is the owner's: staff get the API's refusal as the page and their post changes nothing", async () => {
    const settings = settingsStub();
    expect(await settled(() => loader(get('/admin/settings', { admin: STAFF, services: { settings } }) as never))).toEqual({
      status: 403,
      body: { error: OWNER_ONLY },
    });
    const posted = await settled(() => action(post('/admin/settings', fields(), { admin: STAFF, services: { settings } })));
    expect(posted).toEqual({ status: 403, body: { error: OWNER_ONLY } });
    expect(settings.update).not.toHaveBeenCalled();
  });

  it('saves what the owner typed (a GSTIN in small letters is the same number) and goes back with a message', async () => {
    const settings = settingsStub();
    const answer = await settled(() =>
      action(post('/admin/settings', fields({ gstin: ' 33aaach7409r1z8 ' }), { admin: OWNER, services: { settings } })),
    );
    expect(settings.update).toHaveBeenCalledWith(OWNER_ACTOR, SAVED);
    expect(answer).toEqual({ status: 302, location: '/admin/settings', flash: { kind: 'success', message: SETTINGS_SAVED } });
  });

  it('refuses a GSTIN of another state beside its field, with the values typed, and saves nothing', async () => {
    const settings = settingsStub();
    const typed = fields({ gstin: '29ABCDE1234F1ZW', name: 'Meenakshi Silks & Co' });
    const answer = await settled(() => action(post('/admin/settings', typed, { admin: OWNER, services: { settings } })));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      ok: false,
      error: null,
      fields: { gstin: "GSTIN 29ABCDE1234F1ZW is registered in Karnataka (29); the shop's state is Tamil Nadu." },
      values: { name: 'Meenakshi Silks & Co', gstin: '29ABCDE1234F1ZW' },
    });
    expect(settings.update).not.toHaveBeenCalled();
  });

  it('stores a chosen logo through the photo pipeline and saves its address; a picture refused is told beside the logo', async () => {
    const settings = settingsStub();
    const answer = await multipartPost(fields(), new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), settings);
    expect(answer.status).toBe(302);
    expect(settings.saveLogo).toHaveBeenCalledWith(OWNER_ACTOR, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    expect(settings.update).toHaveBeenCalledWith(OWNER_ACTOR, { ...SAVED, logoUrl: '/media/logo/0123456789abcdef0123-240.webp' });

    const refusing = settingsStub();
    refusing.saveLogo.mockRejectedValueOnce(new AppError('INVALID_DATA', 'Only JPEG, PNG, WebP or AVIF pictures can be uploaded.'));
    const refused = await multipartPost(fields(), new Blob(['not a picture'], { type: 'image/png' }), refusing);
    expect(refused).toMatchObject({ status: 400, body: { fields: { logo: 'Only JPEG, PNG, WebP or AVIF pictures can be uploaded.' } } });
    expect(refusing.update).not.toHaveBeenCalled();
  });
});

describe("the Settings page's owner's controls (issue 40)", () => {
  const controlFields = (overrides: Record<string, string> = {}) => ({
    ...fields(),
    staffReturnMax: '1,500.50',
    staffReturnsSameDayOnly: 'on',
    lowStockThreshold: ' 5 ',
    ...overrides,
  });

  it('saves the section with the details: rupees typed become paise, the checkbox its flag', async () => {
    const settings = settingsStub();
    const answer = await settled(() => action(post('/admin/settings', controlFields(), { admin: OWNER, services: { settings } })));
    expect(answer).toEqual({ status: 302, location: '/admin/settings', flash: { kind: 'success', message: SETTINGS_SAVED } });
    expect(settings.update).toHaveBeenCalledWith(OWNER_ACTOR, {
      ...SAVED,
      controls: { staffReturnMaxPaise: 1_50_050, staffReturnsSameDayOnly: true, lowStockThreshold: 5 },
    });

    // Unticked, the box is not posted at all: staff may then return pieces of an earlier day's bill too.
    const { staffReturnsSameDayOnly: _unticked, ...posted } = controlFields({ staffReturnMax: '0' });
    await settled(() => action(post('/admin/settings', posted, { admin: OWNER, services: { settings } })));
    expect(settings.update).toHaveBeenLastCalledWith(OWNER_ACTOR, {
      ...SAVED,
      controls: { staffReturnMaxPaise: 0, staffReturnsSameDayOnly: false, lowStockThreshold: 5 },
    });
  });

  it('refuses a negative amount or a threshold out of 1–1000 beside each field, with what was typed, saving nothing', async () => {
    const settings = settingsStub();
    const typed = controlFields({ staffReturnMax: '-200', lowStockThreshold: '0' });
    const answer = await settled(() => action(post('/admin/settings', typed, { admin: OWNER, services: { settings } })));
    expect(answer).toMatchObject({
      status: 400,
      body: {
        fields: {
          staffReturnMax: 'The amount cannot be negative; 0 means the owner does all returns.',
          lowStockThreshold: 'Please enter at least 1 piece.',
        },
        values: { staffReturnMax: '-200', lowStockThreshold: '0', staffReturnsSameDayOnly: 'on' },
      },
    });
    const words = await settled(() =>
      action(
        post('/admin/settings', controlFields({ staffReturnMax: 'five hundred', lowStockThreshold: '2.5' }), {
          admin: OWNER,
          services: { settings },
        }),
      ),
    );
    expect(words).toMatchObject({
      status: 400,
      body: {
        fields: {
          staffReturnMax: 'Please enter an amount in rupees, like 500 or 1,500.50; 0 means the owner does all returns.',
          lowStockThreshold: 'Please enter a whole number of pieces, like 3.',
        },
      },
    });
    expect(settings.update).not.toHaveBeenCalled();
  });
});

describe('the cash on delivery section (issue 41)', () => {
  const codFields = (overrides: Record<string, string> = {}) => ({
    ...fields(),
    codEnabled: 'on',
    codFee: '49',
    codMinOrder: '500',
    codMaxOrder: '5,000',
    codMaxOpenPerShopper: '2',
    ...overrides,
  });

  it('saves it with the details: rupees typed become paise, the checkbox its flag (unticked: off)', async () => {
    const settings = settingsStub();
    const answer = await settled(() => action(post('/admin/settings', codFields(), { admin: OWNER, services: { settings } })));
    expect(answer).toEqual({ status: 302, location: '/admin/settings', flash: { kind: 'success', message: SETTINGS_SAVED } });
    expect(settings.update).toHaveBeenCalledWith(OWNER_ACTOR, {
      ...SAVED,
      cod: { enabled: true, fee: 4_900, minOrder: 50_000, maxOrder: 500_000, maxOpenPerShopper: 2 },
    });
    const { codEnabled: _unticked, ...off } = codFields({ codFee: '0' });
    await settled(() => action(post('/admin/settings', off, { admin: OWNER, services: { settings } })));
    expect(settings.update).toHaveBeenLastCalledWith(OWNER_ACTOR, {
      ...SAVED,
      cod: { enabled: false, fee: 0, minOrder: 50_000, maxOrder: 500_000, maxOpenPerShopper: 2 },
    });
  });

  it('refuses a minimum above the maximum, a negative fee and words beside each field, with what was typed, saving nothing', async () => {
    const settings = settingsStub();
    const typed = codFields({ codFee: '-5', codMinOrder: '6000', codMaxOpenPerShopper: 'two' });
    const answer = await settled(() => action(post('/admin/settings', typed, { admin: OWNER, services: { settings } })));
    expect(answer).toMatchObject({
      status: 400,
      body: {
        fields: {
          codFee: 'The amount cannot be negative.',
          codMaxOrder: 'The maximum order value must be at least the minimum.',
          codMaxOpenPerShopper: 'Please enter a whole number of orders, like 2.',
        },
        values: { codFee: '-5', codMinOrder: '6000', codEnabled: 'on' },
      },
    });
    expect(settings.update).not.toHaveBeenCalled();
  });
});

describe('the default courier section (issue 42)', () => {
  it('saves Cheapest or Fastest with the details; a page without the choice leaves it as it is', async () => {
    const settings = settingsStub();
    const answer = await settled(() =>
      action(post('/admin/settings', { ...fields(), courierChoice: 'fastest' }, { admin: OWNER, services: { settings } })),
    );
    expect(answer).toEqual({ status: 302, location: '/admin/settings', flash: { kind: 'success', message: SETTINGS_SAVED } });
    expect(settings.update).toHaveBeenCalledWith(OWNER_ACTOR, { ...SAVED, courierChoice: 'fastest' });
    await settled(() => action(post('/admin/settings', fields(), { admin: OWNER, services: { settings } })));
    expect(settings.update).toHaveBeenLastCalledWith(OWNER_ACTOR, SAVED);
  });

  it('refuses another value beside its field, with what was typed, saving nothing', async () => {
    const settings = settingsStub();
    const answer = await settled(() =>
      action(post('/admin/settings', { ...fields(), courierChoice: 'slowest' }, { admin: OWNER, services: { settings } })),
    );
    expect(answer).toMatchObject({
      status: 400,
      body: { fields: { courierChoice: 'Default courier must be Cheapest or Fastest.' }, values: { courierChoice: 'slowest' } },
    });
    expect(settings.update).not.toHaveBeenCalled();
  });

  it('the page starts from the saved choice', async () => {
    const settings = settingsStub();
    settings.getForOwner.mockResolvedValueOnce({ ...(await settings.getForOwner()), courierChoice: 'fastest' });
    const data = await loader(get('/admin/settings', { admin: OWNER, services: { settings } }));
    expect(data).toMatchObject({ courierChoice: 'fastest' });
  });
});
