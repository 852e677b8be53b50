import {
  DEFAULT_COD_SETTINGS,
  DEFAULT_OWNER_CONTROLS,
  OWNER_ONLY,
  SHOP_DETAILS_NEEDED,
  SHOP_NOT_OPEN,
  type AdminShopSettings,
  type AuditEntry,
  type Bill,
  type CreditNote,
  type OrderDetail,
  type ShopSettings,
} from '@shop/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer, jsonCall, signedInUser } from '../test/accounts.js';
import { adminCall, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { HOME_ADDRESS, placedOrder } from '../test/order-fixture.js';
import { startRazorpayFake } from '../test/razorpay-fake.js';
import { sellableProduct } from '../test/shop-fixture.js';
import { DEMO_SETTINGS } from './service.js';

const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;
const errorOf = (response: { json: () => unknown }) => response.json() as ErrorEnvelope;

/** A Tamil Nadu shop's real details: a GSTIN of Tamil Nadu's (33) with its right check character. */
const CHENNAI: ShopSettings = {
  ...DEMO_SETTINGS,
  name: 'Meenakshi Silks',
  legalName: 'Meenakshi Silks Private Limited',
  address: '22 Usman Road, T. Nagar, Chennai, Tamil Nadu 600017',
  state: 'Tamil Nadu',
  gstin: '33AAACH7409R1Z8',
  phone: '+91 44 2434 1122',
  email: 'care@meenakshisilks.example',
};

describe('the owner edits the shop settings (GET getSettings, PUT updateSettings)', () => {
  const mail = capturingMailer();
  const t = useTestApp({ services: { mailer: mail.mailer } });
  let owner: SignedInAdminForTest;
  let staff: SignedInAdminForTest;
  beforeAll(async () => {
    owner = await signedInOwner(t, 'Meera Owner');
    staff = await signedInStaff(t, owner);
  });
  const put = (who: SignedInAdminForTest, body: object) =>
    adminCall(t.app, 'PUT', '/api/admin/settings/updateSettings', { asid: who.asid, body });

  it('answers the demo details, not saved yet, to the owner; staff get 403 and nobody signed in 401', async () => {
    const read = await adminCall(t.app, 'GET', '/api/admin/settings/getSettings', { asid: owner.asid });
    expect(read.statusCode).toBe(200);
    expect(dataOf<AdminShopSettings>(read)).toEqual({
      settings: DEMO_SETTINGS,
      savedAt: null,
      controls: DEFAULT_OWNER_CONTROLS,
      cod: DEFAULT_COD_SETTINGS,
      courierChoice: 'cheapest',
    });
    const byStaff = await adminCall(t.app, 'GET', '/api/admin/settings/getSettings', { asid: staff.asid });
    expect(byStaff.statusCode).toBe(403);
    expect(errorOf(byStaff).error).toBe(OWNER_ONLY);
    expect((await adminCall(t.app, 'GET', '/api/admin/settings/getSettings')).statusCode).toBe(401);
  });

  it('refuses staff: 403 from the route and from the service, nothing changes', async () => {
    const response = await put(staff, { ...DEMO_SETTINGS, name: 'Staff Was Here' });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).error).toBe(OWNER_ONLY);
    await expect(t.services.settings.update({ id: staff.admin._id, label: 'Ravi Staff', role: 'staff' }, DEMO_SETTINGS)).rejects.toThrow(
      OWNER_ONLY,
    );
    expect((await t.services.settings.get()).name).toBe(DEMO_SETTINGS.name);
  });

  it('refuses a GSTIN of another state or with a wrong check character: 400 naming the field, in words', async () => {
    const otherState = await put(owner, { ...DEMO_SETTINGS, gstin: '27AAPFU0939F1ZV' });
    expect(otherState.statusCode).toBe(400);
    expect(errorOf(otherState)).toMatchObject({
      error: "gstin: GSTIN 27AAPFU0939F1ZV is registered in Maharashtra (27); the shop's state is Karnataka.",
      fields: { gstin: "GSTIN 27AAPFU0939F1ZV is registered in Maharashtra (27); the shop's state is Karnataka." },
    });
    const typo = await put(owner, { ...DEMO_SETTINGS, gstin: '29ABCDE1234F1Z5' });
    expect(typo.statusCode).toBe(400);
    expect(errorOf(typo).fields?.gstin).toMatch(/check character/);
    // The service checks the same way for callers that are not the route.
    await expect(t.services.settings.update(ownerActor(owner), { ...DEMO_SETTINGS, state: 'Goa' })).rejects.toThrow(
      "GSTIN 29ABCDE1234F1ZW is registered in Karnataka (29); the shop's state is Goa.",
    );
  });

  it('documents both calls in OpenAPI with their 400, 401 and 403', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(Object.keys(document.paths['/api/admin/settings/getSettings']!.get!.responses)).toEqual(
      expect.arrayContaining(['200', '401', '403']),
    );
    expect(Object.keys(document.paths['/api/admin/settings/updateSettings']!.put!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403']),
    );
  });

  it('saves real details for the owner, answers them with savedAt, and audits before and after', async () => {
    const response = await put(owner, CHENNAI);
    expect(response.statusCode, response.body).toBe(200);
    const saved = dataOf<AdminShopSettings>(response);
    expect(saved.settings).toEqual(CHENNAI);
    expect(saved.savedAt).toEqual(expect.any(String));
    expect(dataOf<{ settings: ShopSettings }>(await t.app.inject({ method: 'GET', url: '/api/shop/settings' })).settings).toEqual(CHENNAI);

    const audit = await adminCall(t.app, 'GET', '/api/admin/audit?entity=settings', { asid: owner.asid });
    const [entry] = dataOf<{ entries: AuditEntry[] }>(audit).entries;
    expect(entry).toMatchObject({
      action: 'settings.update',
      entity: 'settings',
      entityId: 'shop',
      actor: { _id: owner.admin._id },
      before: { name: DEMO_SETTINGS.name, gstin: DEMO_SETTINGS.gstin, state: 'Karnataka', savedAt: null },
      after: { name: 'Meenakshi Silks', legalName: 'Meenakshi Silks Private Limited', gstin: '33AAACH7409R1Z8', state: 'Tamil Nadu' },
    });
  });
});

describe("the owner's controls in the settings (issue 40: staff returns, low-stock threshold)", () => {
  const t = useTestApp();
  let owner: SignedInAdminForTest;
  beforeAll(async () => {
    owner = await signedInOwner(t, 'Meera Owner');
  });
  const put = (body: object) => adminCall(t.app, 'PUT', '/api/admin/settings/updateSettings', { asid: owner.asid, body });
  const controls = { staffReturnMaxPaise: 2_500_00, staffReturnsSameDayOnly: false, lowStockThreshold: 5 };

  it('saves the default courier (issue 42): cheapest or fastest, kept when omitted, anything else refused naming it', async () => {
    const fastest = await put({ ...DEMO_SETTINGS, courierChoice: 'fastest' });
    expect(fastest.statusCode, fastest.body).toBe(200);
    expect(dataOf<AdminShopSettings>(fastest).courierChoice).toBe('fastest');
    expect((await t.services.settings.shippingFrom()).courierChoice).toBe('fastest');
    expect(dataOf<AdminShopSettings>(await put(DEMO_SETTINGS)).courierChoice).toBe('fastest');
    const wrong = await put({ ...DEMO_SETTINGS, courierChoice: 'slowest' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).error).toBe('courierChoice: Default courier must be Cheapest or Fastest.');
    expect(dataOf<AdminShopSettings>(await put({ ...DEMO_SETTINGS, courierChoice: 'cheapest' })).courierChoice).toBe('cheapest');
  });

  it('saves them with the details, answers them to the owner only, never on the public settings, and audits before and after', async () => {
    const saved = await put({ ...CHENNAI, controls });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<AdminShopSettings>(saved).controls).toEqual(controls);
    const read = dataOf<AdminShopSettings>(await adminCall(t.app, 'GET', '/api/admin/settings/getSettings', { asid: owner.asid }));
    expect(read).toMatchObject({ settings: CHENNAI, controls });

    const publicAnswer = await t.app.inject({ method: 'GET', url: '/api/shop/settings' });
    expect(publicAnswer.body).not.toMatch(/controls|staffReturn|lowStock/);
    expect(dataOf<{ settings: ShopSettings }>(publicAnswer).settings).toEqual(CHENNAI);

    const [entry] = dataOf<{ entries: AuditEntry[] }>(
      await adminCall(t.app, 'GET', '/api/admin/audit?entity=settings', { asid: owner.asid }),
    ).entries;
    expect(entry).toMatchObject({ action: 'settings.update', before: { controls: DEFAULT_OWNER_CONTROLS }, after: { controls } });

    // The same read the billing service and the reports make.
    expect(await t.services.settings.counterReturnPolicy()).toEqual({ staffMaxPaise: 2_500_00, sameDayOnly: false });
    expect(await t.services.settings.lowStockThreshold()).toBe(5);
  });

  it('keeps them when a save leaves them out (a client of the details only)', async () => {
    const saved = await put({ ...CHENNAI, name: 'Meenakshi Silks & Sons' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<AdminShopSettings>(saved)).toMatchObject({ settings: { name: 'Meenakshi Silks & Sons' }, controls });
  });

  it('refuses a negative amount, a threshold out of 1–1000 or a missing flag: 400 naming the field, nothing saved', async () => {
    const negative = await put({ ...CHENNAI, controls: { ...controls, staffReturnMaxPaise: -100 } });
    expect(negative.statusCode).toBe(400);
    expect(errorOf(negative)).toMatchObject({
      error: 'controls.staffReturnMaxPaise: The amount cannot be negative; 0 means the owner does all returns.',
      fields: { 'controls.staffReturnMaxPaise': 'The amount cannot be negative; 0 means the owner does all returns.' },
    });
    const zero = await put({ ...CHENNAI, controls: { ...controls, lowStockThreshold: 0 } });
    expect([zero.statusCode, errorOf(zero).fields]).toEqual([400, { 'controls.lowStockThreshold': 'Please enter at least 1 piece.' }]);
    const partial = await put({ ...CHENNAI, controls: { lowStockThreshold: 4 } });
    expect(partial.statusCode).toBe(400);
    expect(Object.keys(errorOf(partial).fields ?? {})).toEqual(
      expect.arrayContaining(['controls.staffReturnMaxPaise', 'controls.staffReturnsSameDayOnly']),
    );
    expect(await t.services.settings.lowStockThreshold()).toBe(5);
  });
});

describe('the logo goes through the product photos pipeline', () => {
  const t = useTestApp();
  it('stores an uploaded logo as WebP renditions and answers the small one; staff and non-pictures are refused', async () => {
    const owner = await signedInOwner(t, 'Meera Owner');
    const png = await sharp({ create: { width: 512, height: 512, channels: 4, background: { r: 118, g: 28, b: 58, alpha: 1 } } })
      .png()
      .toBuffer();
    const url = await t.services.settings.saveLogo(ownerActor(owner), png);
    expect(url).toMatch(/^\/media\/logo\/[a-f0-9]+-240\.webp$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    await expect(t.services.settings.saveLogo({ id: null, label: 'staff', role: 'staff' }, png)).rejects.toThrow(OWNER_ONLY);
    await expect(t.services.settings.saveLogo(ownerActor(owner), Buffer.from('<svg/>'))).rejects.toThrow(/JPEG|PNG|picture|image/i);
  });
});

function ownerActor(owner: SignedInAdminForTest) {
  return { id: owner.admin._id, label: owner.admin.adminName, role: owner.admin.role };
}

describe('invoices keep the seller they were issued with (issue 39)', () => {
  const mail = capturingMailer();
  const t = useTestApp({ services: { mailer: mail.mailer } });
  let owner: SignedInAdminForTest;
  beforeAll(async () => {
    owner = await signedInOwner(t, 'Meera Owner');
  });
  const orderOf = async (orderId: string) =>
    dataOf<{ order: OrderDetail }>(await adminCall(t.app, 'GET', `/api/admin/order/getOrderDetails/${orderId}`, { asid: owner.asid }))
      .order;

  it('an order, a bill and a credit note issued before a change keep the old GSTIN; new ones carry the new', async () => {
    const saree = await sellableProduct(t, { pricePaise: 1_00_000, stock: 10, variants: false });
    const before = await placedOrder(t, mail, { productId: saree.productId, paid: true });
    const unpaid = await placedOrder(t, mail, { productId: saree.productId });
    const billed = await adminCall(t.app, 'POST', '/api/admin/bill/createBill', {
      asid: owner.asid,
      body: {
        customerName: 'Walk-in',
        items: [{ productId: saree.productId, quantity: 2 }],
        payments: [{ mode: 'upi', amount: 2_00_000 }],
      },
    });
    expect(billed.statusCode, billed.body).toBe(200);
    const bill = dataOf<{ bill: Bill }>(billed).bill;
    const demoSeller = { name: 'Saanjh Boutique', legalName: 'Saanjh Boutique', gstin: '29ABCDE1234F1ZW', state: 'Karnataka' };
    expect(bill.seller).toMatchObject(demoSeller);
    expect((await orderOf(before.orderId)).seller).toMatchObject(demoSeller);
    expect((await orderOf(unpaid.orderId)).seller).toBeNull();

    const saved = await adminCall(t.app, 'PUT', '/api/admin/settings/updateSettings', { asid: owner.asid, body: CHENNAI });
    expect(saved.statusCode, saved.body).toBe(200);

    // Issued before: unchanged, GST still within Karnataka (CGST + SGST) for the Bengaluru delivery.
    const old = await orderOf(before.orderId);
    expect(old.seller).toEqual({ ...demoSeller, address: DEMO_SETTINGS.address, phone: DEMO_SETTINGS.phone, email: DEMO_SETTINGS.email });
    const oldBill = dataOf<{ bill: Bill }>(await adminCall(t.app, 'GET', `/api/admin/bill/getBill/${bill._id}`, { asid: owner.asid })).bill;
    expect(oldBill.seller?.gstin).toBe('29ABCDE1234F1ZW');
    expect(oldBill.gst.interState).toBe(false);

    // Issued after: the new details; the order paid now (placed before) takes the seller of the day it is paid.
    const returned = await adminCall(t.app, 'POST', `/api/admin/bill/returnItems/${bill._id}`, {
      asid: owner.asid,
      body: { items: [{ itemId: bill.items[0]!._id, quantity: 1 }], refundMode: 'cash', reason: 'Colour' },
    });
    expect(returned.statusCode, returned.body).toBe(201);
    const note = dataOf<{ creditNote: CreditNote }>(returned).creditNote;
    expect(note.seller).toMatchObject({ gstin: '33AAACH7409R1Z8', legalName: 'Meenakshi Silks Private Limited' });
    // Its tax goes back as the bill charged it (CGST + SGST of Karnataka), not as IGST from the new state.
    expect(note.gst.interState).toBe(false);
    const after = await placedOrder(t, mail, { productId: saree.productId, paid: true });
    expect((await orderOf(after.orderId)).seller).toMatchObject({ gstin: '33AAACH7409R1Z8', state: 'Tamil Nadu' });
  });
});

// Production refuses the Razorpay emulator: real keys, their API a stand-in that opens every order asked.
const razorpay = await startRazorpayFake((request) => {
  const asked = JSON.parse(request.body || '{}') as { amount?: number };
  return { status: 200, body: { id: `order_${Date.now().toString(36)}`, amount: asked.amount, currency: 'INR', status: 'created' } };
});
afterAll(() => razorpay.close());

describe('production: no orders and no bills under the demo details (issue 39)', () => {
  const mail = capturingMailer();
  const t = useTestApp({
    services: {
      mailer: mail.mailer,
      production: true,
      razorpay: {
        keyId: 'rzp_live_test0000000039',
        keySecret: 'live-secret',
        webhookSecret: 'live-webhook',
        emulated: false,
        apiBase: razorpay.url,
      },
    },
    config: { production: true },
  });

  it('createpayment answers 503 in words and places nothing, the counter refuses a bill, until the owner saves the details', async () => {
    const owner = await signedInOwner(t, 'Meera Owner');
    const saree = await sellableProduct(t, { pricePaise: 80_000, stock: 5, variants: false });
    const shopper = await signedInUser(t.app, mail);
    const address = await jsonCall(t.app, 'POST', '/api/user/profile/addAddress', { sid: shopper.sid, body: HOME_ADDRESS });
    const addressId = dataOf<{ address: { _id: string } }>(address).address._id;
    await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid: shopper.sid, body: { productId: saree.productId, quantity: 1 } });
    const pay = () =>
      jsonCall(t.app, 'POST', '/api/user/payment/createpayment', {
        sid: shopper.sid,
        body: { paymentMethod: 'online', products: [{ id: saree.productId }], address: addressId },
      });
    const bill = () =>
      adminCall(t.app, 'POST', '/api/admin/bill/createBill', {
        asid: owner.asid,
        body: { items: [{ productId: saree.productId, quantity: 1 }], payments: [{ mode: 'cash', amount: 80_000 }] },
      });

    const closed = await pay();
    expect(closed.statusCode).toBe(503);
    expect(errorOf(closed).error).toBe(SHOP_NOT_OPEN);
    expect(razorpay.requests).toHaveLength(0);
    const myOrders = await jsonCall(t.app, 'GET', '/api/user/order/getMyOrders', { sid: shopper.sid });
    expect(JSON.stringify(myOrders.json())).not.toContain('ORD-');
    const noBill = await bill();
    expect(noBill.statusCode).toBe(503);
    expect(errorOf(noBill).error).toBe(SHOP_DETAILS_NEEDED);
    expect(await t.services.settings.takingOrders()).toBe(false);

    const saved = await adminCall(t.app, 'PUT', '/api/admin/settings/updateSettings', { asid: owner.asid, body: CHENNAI });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await t.services.settings.takingOrders()).toBe(true);
    const open = await pay();
    expect(open.statusCode, open.body).toBe(200);
    expect(razorpay.requests).toHaveLength(1);
    expect((await bill()).statusCode).toBe(200);
  });
});
